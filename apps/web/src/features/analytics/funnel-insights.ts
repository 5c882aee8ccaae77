import { FUNNEL_OVERALL_PRAISE, FUNNEL_THRESHOLDS, type Funnel } from '@lantern/contracts';

export type FunnelInsight = { tone: 'warning' | 'success'; text: string };

type Rates = Funnel['conversion_rates'];
const pct = (rate: number) => `${rate}%`;

/** What each weak step says, with the rate and the threshold it fell under. */
const ADVICE: Record<keyof typeof FUNNEL_THRESHOLDS, (rate: number, under: number) => string> = {
  visitor_to_conversation: (r, t) =>
    `Only ${pct(r)} of visitors start a conversation (under ${pct(t)}): make the chat easier to find or its greeting more inviting.`,
  conversation_to_name: (r, t) =>
    `Only ${pct(r)} of conversations get a name (under ${pct(t)}): ask for it earlier and more warmly.`,
  name_to_email: (r, t) =>
    `Only ${pct(r)} of named parents give an email (under ${pct(t)}): say what they get in return.`,
  email_to_lead: (r, t) =>
    `Only ${pct(r)} of conversations with an email become leads (under ${pct(t)}): check the intake questions after the email.`,
  lead_to_subscribed: (r, t) =>
    `Only ${pct(r)} of leads stay subscribed (under ${pct(t)}): review how often and what you email.`,
};

/**
 * The funnel's insights (spec 2.3): a warning for each rate under its threshold, 'excellent' for
 * lead-to-subscribed at or above it, and praise for an overall conversion above FUNNEL_OVERALL_PRAISE.
 */
export function funnelInsights(rates: Rates): FunnelInsight[] {
  const insights: FunnelInsight[] = [];
  for (const [step, under] of Object.entries(FUNNEL_THRESHOLDS) as [
    keyof typeof FUNNEL_THRESHOLDS,
    number,
  ][]) {
    if (rates[step] < under) insights.push({ tone: 'warning', text: ADVICE[step](rates[step], under) });
  }
  if (rates.lead_to_subscribed >= FUNNEL_THRESHOLDS.lead_to_subscribed) {
    insights.push({
      tone: 'success',
      text: `Excellent: ${pct(rates.lead_to_subscribed)} of leads stay subscribed.`,
    });
  }
  if (rates.overall_conversion > FUNNEL_OVERALL_PRAISE) {
    insights.push({
      tone: 'success',
      text: `Great work: ${pct(rates.overall_conversion)} of visitors became leads overall (above ${pct(FUNNEL_OVERALL_PRAISE)}).`,
    });
  }
  return insights;
}
