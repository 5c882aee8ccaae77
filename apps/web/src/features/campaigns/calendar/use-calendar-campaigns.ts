import { CAMPAIGN_MESSAGES, type CampaignSummary } from '@lantern/contracts';
import { useEffect, useMemo } from 'react';
import { useCampaigns } from '../api/get-campaigns';
import { entriesByDay } from './calendar-dates';

const EMPTY: CampaignSummary[] = [];

/**
 * The calendar's campaigns: the scheduled ones (what the calendar is for) and the sent ones, shown
 * muted. Both come from GET /api/campaigns?status=... (one call each, already cached by the table's
 * filters). A failed load is only logged (spec 8.6: "Campaign list loading errors in the calendar and
 * history client are only logged, with no user message"): the calendar then shows what it has.
 */
export function useCalendarCampaigns() {
  const scheduled = useCampaigns({ status: 'scheduled' });
  const sent = useCampaigns({ status: 'sent' });

  useEffect(() => {
    if (scheduled.error) console.error(CAMPAIGN_MESSAGES.loadFailed, scheduled.error);
  }, [scheduled.error]);
  useEffect(() => {
    if (sent.error) console.error(CAMPAIGN_MESSAGES.loadFailed, sent.error);
  }, [sent.error]);

  const scheduledList = scheduled.data?.campaigns ?? EMPTY;
  const sentList = sent.data?.campaigns ?? EMPTY;
  const byDay = useMemo(() => entriesByDay([...scheduledList, ...sentList]), [scheduledList, sentList]);

  return {
    byDay,
    scheduled: scheduledList,
    /** Only the scheduled list's first load holds the grid back; sent campaigns fill in when they come. */
    isLoading: scheduled.isPending && !scheduled.error,
    isFetching: scheduled.isFetching || sent.isFetching,
  };
}
