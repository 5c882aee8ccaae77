import type { CampaignList } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { makeCampaign } from '../test/fixtures';
import { DUE_SCHEDULE_POLL_MS, nextSchedulePoll } from './schedule-time';

const listOf = (...campaigns: ReturnType<typeof makeCampaign>[]): CampaignList => ({
  campaigns,
  total: campaigns.length,
});
const now = Date.parse('2026-11-24T07:00:00.000Z');

describe('nextSchedulePoll', () => {
  it('does not poll when nothing is scheduled', () => {
    expect(nextSchedulePoll(undefined, now)).toBe(false);
    expect(nextSchedulePoll(listOf(makeCampaign({ publish_status: 'published' })), now)).toBe(false);
  });

  it('asks again just after the soonest scheduled time, then every few seconds until the send starts', () => {
    const soon = makeCampaign({ publish_status: 'scheduled', scheduled_for: '2026-11-24T07:01:00.000Z' });
    const later = makeCampaign({ publish_status: 'scheduled', scheduled_for: '2026-11-24T07:03:00.000Z' });
    expect(nextSchedulePoll(listOf(later, soon), now)).toBe(61_000);
    expect(nextSchedulePoll(listOf(soon), now + 60_000)).toBe(DUE_SCHEDULE_POLL_MS);
  });

  it('waits at most five minutes for a far schedule', () => {
    const far = makeCampaign({ publish_status: 'scheduled', scheduled_for: '2026-12-24T07:00:00.000Z' });
    expect(nextSchedulePoll(listOf(far), now)).toBe(300_000);
  });
});
