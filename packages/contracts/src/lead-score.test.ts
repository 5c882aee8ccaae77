import { describe, expect, it } from 'vitest';
import { computeLeadScore, scoreBand, type LeadScoreInput } from './lead-score';

const today = new Date('2026-11-21T12:00:00Z');

function makeLead(overrides: Partial<LeadScoreInput> = {}): LeadScoreInput {
  return {
    email: 'parent@example.com',
    parent_name: 'Dana Smith',
    phone: null,
    phone_consent: false,
    timeline: null,
    timeline_date: null,
    children: [],
    completed_conversations: 0,
    resource_downloads: 0,
    ...overrides,
  };
}

const points = (input: LeadScoreInput, key: string) =>
  computeLeadScore(input, today).breakdown.find((f) => f.key === key)!.points;

describe('computeLeadScore', () => {
  it('gives a bare enquiry (email and name only) a low score', () => {
    const { score } = computeLeadScore(makeLead(), today);
    expect(score).toBe(12);
    expect(scoreBand(score)).toBe('low');
  });

  it('gives a complete, urgent, engaged lead the full 100', () => {
    const lead = makeLead({
      phone: '(555) 123-4567',
      phone_consent: true,
      timeline: 'Immediately',
      children: [{ name: 'Sam', age: 8, special_needs: ['ADHD'] }],
      completed_conversations: 1,
      resource_downloads: 2,
    });
    expect(computeLeadScore(lead, today).score).toBe(100);
  });

  it('ranks timeline urgency by the date when there is one, else by the words', () => {
    expect(points(makeLead({ timeline_date: '2026-12-01' }), 'timeline')).toBe(30);
    expect(points(makeLead({ timeline_date: '2027-01-30' }), 'timeline')).toBe(24);
    expect(points(makeLead({ timeline_date: '2027-04-01' }), 'timeline')).toBe(16);
    expect(points(makeLead({ timeline_date: '2027-09-01' }), 'timeline')).toBe(10);
    expect(points(makeLead({ timeline_date: '2028-06-01' }), 'timeline')).toBe(4);
    expect(points(makeLead({ timeline: 'Next semester' }), 'timeline')).toBe(24);
    expect(points(makeLead({ timeline: 'Next school year' }), 'timeline')).toBe(10);
    expect(points(makeLead({ timeline: 'Just exploring' }), 'timeline')).toBe(4);
    expect(points(makeLead({ timeline: 'whenever' }), 'timeline')).toBe(0);
  });

  it('counts a phone only with at least 10 digits', () => {
    expect(points(makeLead({ phone: '555-1234' }), 'contact')).toBe(12);
    expect(points(makeLead({ phone: '555 123 4567' }), 'contact')).toBe(20);
  });

  it('asks every child to have an age for the age points', () => {
    const children = [
      { name: 'A', age: 6, special_needs: [] },
      { name: 'B', age: null, special_needs: ['Dyslexia'] },
    ];
    expect(points(makeLead({ children }), 'children')).toBe(14);
    expect(points(makeLead({ children: children.map((c) => ({ ...c, age: 5 })) }), 'children')).toBe(20);
  });

  it('explains every factor and never exceeds its maximum', () => {
    const { breakdown } = computeLeadScore(
      makeLead({ timeline: 'Immediately', resource_downloads: 5 }),
      today,
    );
    expect(breakdown.map((f) => f.key)).toEqual([
      'timeline',
      'contact',
      'phone_consent',
      'children',
      'engagement',
    ]);
    for (const f of breakdown) {
      expect(f.points).toBeLessThanOrEqual(f.max);
      expect(f.detail.length).toBeGreaterThan(0);
    }
    expect(breakdown.reduce((s, f) => s + f.max, 0)).toBe(100);
  });
});

describe('scoreBand', () => {
  it.each([
    [100, 'high'],
    [70, 'high'],
    [69, 'medium'],
    [40, 'medium'],
    [39, 'low'],
    [0, 'low'],
  ])('puts %i in the %s band', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });
});
