import { CAMPAIGN_RESULTS_MESSAGES } from '@lantern/contracts';

/** The words the stats screens use about how figures are measured. */
export const STATS_TEXT = {
  loadFailed: 'Failed to load campaign stats',
  opensEstimate: CAMPAIGN_RESULTS_MESSAGES.opensEstimate,
  opensOff: CAMPAIGN_RESULTS_MESSAGES.openTrackingOff,
  clicksNote: 'Clicks count each family once per link.',
} as const;
