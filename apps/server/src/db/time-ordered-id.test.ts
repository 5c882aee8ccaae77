import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './time-ordered-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedUuid', () => {
  it('makes distinct UUIDv7s across many pool refills', () => {
    const ids = Array.from({ length: 5000 }, () => timeOrderedUuid());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('starts with the time it was made, so later ids sort after earlier ones', async () => {
    const before = Date.now();
    const first = timeOrderedUuid();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = timeOrderedUuid();
    const millis = (id: string) => parseInt(id.replace('-', '').slice(0, 12), 16);
    expect(millis(first)).toBeGreaterThanOrEqual(before);
    expect(millis(first)).toBeLessThanOrEqual(Date.now());
    expect(later > first).toBe(true);
  });
});
