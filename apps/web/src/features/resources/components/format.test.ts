import { describe, expect, it } from 'vitest';
import { testLinkCopiedMessage, validityPeriod } from './format';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const inMs = (ms: number) => new Date(NOW + ms).toISOString();

describe('validityPeriod', () => {
  it('counts whole days for links valid a day or more', () => {
    expect(validityPeriod(inMs(7 * 86_400_000 - 5_000), NOW)).toBe('7 days');
    expect(validityPeriod(inMs(86_400_000), NOW)).toBe('1 day');
  });

  it('counts hours, then minutes, for shorter links', () => {
    expect(validityPeriod(inMs(5 * 3_600_000), NOW)).toBe('5 hours');
    expect(validityPeriod(inMs(90_000), NOW)).toBe('2 minutes');
  });

  it('says nothing for an expiry that has passed or cannot be read', () => {
    expect(validityPeriod(inMs(-1000), NOW)).toBeNull();
    expect(validityPeriod('soon', NOW)).toBeNull();
  });
});

describe('testLinkCopiedMessage', () => {
  it('leaves the validity out when the expiry cannot be read', () => {
    expect(testLinkCopiedMessage('not a date')).toBe('Test download link copied to clipboard.');
  });
});
