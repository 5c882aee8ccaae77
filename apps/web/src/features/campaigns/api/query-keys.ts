import type { CampaignListQuery } from '@lantern/contracts';

/** Query keys of the campaigns feature: every campaign change refreshes `all`. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (filter: CampaignListQuery) => ['campaigns', 'list', filter] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
  history: (id: string) => ['campaigns', 'detail', id, 'history'] as const,
  version: (id: string, version: number) => ['campaigns', 'detail', id, 'version', version] as const,
  segmentOptions: ['campaigns', 'segment-options'] as const,
  compatibility: (segmentIds: readonly string[]) =>
    ['campaigns', 'compatibility', [...segmentIds].sort()] as const,
  templates: ['campaigns', 'available-templates'] as const,
};

export const voiceKeys = {
  all: ['voice-settings'] as const,
  list: ['voice-settings', 'list'] as const,
  default: ['voice-settings', 'default'] as const,
};

export const campaignPath = (id: string, tail = '') => `/api/campaigns/${encodeURIComponent(id)}${tail}`;
