import { formatRatePercent } from '@lantern/contracts';

/**
 * Rates as the spec shows them (3.8, 9): the server answers fractions (0.333…), the screens show
 * percentages with one decimal place ('33.3%'), exactly as the history CSV writes them.
 */
export const formatRate = formatRatePercent;

/** The compact line under a sent campaign's status: '33.3% opened · 66.7% clicked'. */
export function statsSummary(stats: { open_rate: number; click_rate: number }, openTracking = true): string {
  const clicked = `${formatRate(stats.click_rate)} clicked`;
  return openTracking ? `${formatRate(stats.open_rate)} opened · ${clicked}` : clicked;
}
