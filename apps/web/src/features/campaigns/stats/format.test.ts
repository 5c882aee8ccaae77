import { describe, expect, it } from 'vitest';
import { formatRate, statsSummary } from './format';

describe('formatRate', () => {
  it('shows a fraction as a percentage with one decimal place', () => {
    expect(formatRate(1 / 3)).toBe('33.3%');
    expect(formatRate(2 / 3)).toBe('66.7%');
    expect(formatRate(0.5)).toBe('50.0%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatRate(0.0006)).toBe('0.1%');
    expect(formatRate(0.0004)).toBe('0.0%');
  });

  it('reads nothing sent (0 or NaN) as 0.0%', () => {
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(Number.NaN)).toBe('0.0%');
  });
});

describe('statsSummary', () => {
  it('gives opens and clicks as rates', () => {
    expect(statsSummary({ open_rate: 1 / 3, click_rate: 2 / 3 })).toBe('33.3% opened · 66.7% clicked');
  });

  it('leaves opens out when open tracking is off', () => {
    expect(statsSummary({ open_rate: 0, click_rate: 0.25 }, false)).toBe('25.0% clicked');
  });
});
