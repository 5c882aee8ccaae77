import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { offsetOfPage, offsetPageOf, offsetQueryShape, pageOf, pageQueryShape } from './common';

describe('pagination', () => {
  it('numbers pages from 1, with one empty page for an empty list', () => {
    expect(pageOf({ page: 1, limit: 20 }, 0)).toEqual({ page: 1, limit: 20, total: 0, totalPages: 1 });
    expect(pageOf({ page: 3, limit: 20 }, 41)).toEqual({ page: 3, limit: 20, total: 41, totalPages: 3 });
    expect(offsetOfPage({ page: 3, limit: 20 })).toBe(40);
  });

  it('says whether more rows follow an offset page', () => {
    expect(offsetPageOf({ offset: 0 }, 50, 120)).toEqual({ total: 120, hasMore: true });
    expect(offsetPageOf({ offset: 100 }, 20, 120)).toEqual({ total: 120, hasMore: false });
  });

  it('reads query strings with defaults and refuses pages out of range', () => {
    const byPage = z.strictObject(pageQueryShape({ size: 20, max: 100 }));
    expect(byPage.parse({})).toEqual({ page: 1, limit: 20 });
    expect(byPage.parse({ page: '2', limit: '50' })).toEqual({ page: 2, limit: 50 });
    expect(byPage.safeParse({ page: '0' }).success).toBe(false);
    expect(byPage.safeParse({ limit: '101' }).success).toBe(false);
    const byOffset = z.strictObject(offsetQueryShape({ size: 50, max: 200 }));
    expect(byOffset.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(byOffset.safeParse({ offset: '-1' }).success).toBe(false);
  });
});
