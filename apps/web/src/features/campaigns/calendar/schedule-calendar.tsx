import type { CampaignSummary } from '@lantern/contracts';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ScheduleDialog } from '../delivery/schedule-dialog';
import { browserTimeZone, zoneAbbreviation } from '../delivery/schedule-time';
import { CalendarGrid } from './calendar-grid';
import { addMonths, dayKey, isSameMonth, monthTitle, startOfDay, WEEKDAYS } from './calendar-dates';
import { DayCampaigns } from './day-campaigns';
import { useCalendarCampaigns } from './use-calendar-campaigns';

export const CALENDAR_MESSAGES = {
  emptyMonth: 'No campaigns scheduled this month',
  emptyMonthHint: 'Schedule a published campaign from All Campaigns and it will show here.',
} as const;

/**
 * The Schedule tab (spec document 3, 2.6 'Campaign Schedule calendar'): a month grid of scheduled
 * campaigns in the browser's time zone, the selected day's list below it, and Reschedule (the
 * Schedule Campaign dialog) for campaigns on today or later.
 */
export function ScheduleCalendar({
  now: fixedNow,
}: {
  /** The clock (tests); the real one otherwise. */
  now?: Date;
} = {}) {
  const now = fixedNow ?? new Date();
  const today = startOfDay(now);
  const [focusedDay, setFocusedDay] = useState(today);
  const [selectedDay, setSelectedDay] = useState<Date | null>(today);
  const [rescheduling, setRescheduling] = useState<CampaignSummary | null>(null);
  const [zone] = useState(browserTimeZone);
  const { byDay, isLoading, isFetching } = useCalendarCampaigns();

  const title = monthTitle(focusedDay);
  const monthHasCampaigns = [...byDay.values()].some((entries) =>
    entries.some((entry) => isSameMonth(entry.at, focusedDay)),
  );
  const goToMonth = (months: number) => setFocusedDay((day) => addMonths(day, months));
  const goToToday = () => {
    setFocusedDay(today);
    setSelectedDay(today);
  };

  return (
    <Card aria-labelledby="calendar-month-title">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-4 sm:px-6">
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label="Previous month" onClick={() => goToMonth(-1)}>
            <ChevronLeft className="size-5" aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Next month" onClick={() => goToMonth(1)}>
            <ChevronRight className="size-5" aria-hidden="true" />
          </Button>
        </div>
        <h2
          id="calendar-month-title"
          aria-live="polite"
          className="min-w-40 text-lg font-semibold text-slate-900"
        >
          {title}
        </h2>
        {isFetching && !isLoading && <Spinner size="sm" label="Refreshing" />}
        <Button variant="secondary" size="sm" onClick={goToToday}>
          Today
        </Button>
        <p className="w-full text-sm text-slate-600 sm:ml-auto sm:w-auto">
          Times in your time zone: {zone} ({zoneAbbreviation(now.toISOString(), zone)})
        </p>
      </div>

      {!isLoading && !monthHasCampaigns && (
        <p
          role="status"
          className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-2.5 text-sm text-slate-700 sm:px-6"
        >
          <CalendarDays className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            <span className="font-medium">{CALENDAR_MESSAGES.emptyMonth}.</span>{' '}
            {CALENDAR_MESSAGES.emptyMonthHint}
          </span>
        </p>
      )}

      {isLoading ? (
        <CalendarSkeleton />
      ) : (
        <CalendarGrid
          label={`Scheduled campaigns, ${title}`}
          focusedDay={focusedDay}
          selectedDay={selectedDay}
          today={today}
          byDay={byDay}
          onFocusDay={setFocusedDay}
          onSelectDay={setSelectedDay}
        />
      )}

      {selectedDay && !isLoading && (
        <DayCampaigns
          day={selectedDay}
          entries={byDay.get(dayKey(selectedDay)) ?? []}
          now={now}
          browserZone={zone}
          onReschedule={setRescheduling}
        />
      )}

      {rescheduling && (
        <ScheduleDialog
          campaign={rescheduling}
          onClose={() => setRescheduling(null)}
          now={fixedNow ? () => fixedNow : undefined}
        />
      )}
    </Card>
  );
}

/** The grid's shape while the scheduled campaigns load. */
function CalendarSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading scheduled campaigns" role="status" className="@container">
      <div className="grid grid-cols-7 border-b border-slate-200">
        {WEEKDAYS.map((weekday) => (
          <div
            key={weekday.short}
            className="px-2 py-2 text-center text-xs font-semibold text-slate-600 uppercase"
          >
            {weekday.short}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {Array.from({ length: 35 }, (_, i) => (
          <div key={i} className="min-h-16 border-r border-b border-slate-100 p-1.5 @2xl:min-h-24">
            <Skeleton className="size-6 rounded-full" />
            {i % 5 === 2 && <Skeleton className="mt-2 h-4 w-4/5" />}
          </div>
        ))}
      </div>
    </div>
  );
}
