import { describe, expect, it } from 'vitest';
import { funnelInsights } from './funnel-insights';

const healthy = {
  visitor_to_conversation: 10,
  conversation_to_name: 50,
  name_to_email: 70,
  email_to_lead: 80,
  lead_to_subscribed: 95,
  overall_conversion: 5,
};

describe('funnelInsights', () => {
  it('says nothing is wrong at the thresholds, and calls 95% subscribed excellent', () => {
    expect(funnelInsights(healthy)).toEqual([
      { tone: 'success', text: 'Excellent: 95% of leads stay subscribed.' },
    ]);
  });

  it('warns for each rate under its threshold, naming it', () => {
    const insights = funnelInsights({ ...healthy, visitor_to_conversation: 9.9, name_to_email: 40 });
    expect(insights.filter((i) => i.tone === 'warning').map((i) => i.text)).toEqual([
      expect.stringContaining('Only 9.9% of visitors start a conversation (under 10%)'),
      expect.stringContaining('Only 40% of named parents give an email (under 70%)'),
    ]);
  });

  it('praises an overall conversion above 5%, not at it', () => {
    const praise = (overall: number) =>
      funnelInsights({ ...healthy, overall_conversion: overall }).some((i) =>
        i.text.startsWith('Great work'),
      );
    expect([praise(5), praise(5.1)]).toEqual([false, true]);
  });

  it('does not call a weak subscription rate excellent', () => {
    const texts = funnelInsights({ ...healthy, lead_to_subscribed: 94.9 }).map((i) => i.text);
    expect(texts.some((t) => t.startsWith('Excellent'))).toBe(false);
    expect(texts).toContainEqual(expect.stringContaining('Only 94.9% of leads stay subscribed'));
  });
});
