import { isValidTimeZone, type CampaignSummary } from '@lantern/contracts';
import { CalendarClock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { zoneAbbreviation } from '../delivery/schedule-time';
import { canReschedule, formatTime12, fullDate, sameOffset, type CalendarEntry } from './calendar-dates';

type DayCampaignsProps = {
  day: Date;
  entries: readonly CalendarEntry[];
  now: Date;
  browserZone: string;
  onReschedule: (campaign: CampaignSummary) => void;
};

/** The selected day's campaigns: time, name, subject, segment, and Reschedule on today and later days. */
export function DayCampaigns({ day, entries, now, browserZone, onReschedule }: DayCampaignsProps) {
  const title = fullDate(day);
  return (
    <section aria-labelledby="calendar-day-title" className="border-t border-slate-200 px-4 py-4 sm:px-6">
      <h3 id="calendar-day-title" className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No campaigns on this day.</p>
      ) : (
        <ul aria-label={`Campaigns on ${title}`} className="mt-3 divide-y divide-slate-100">
          {entries.map((entry) => (
            <DayCampaign
              key={entry.campaign.id}
              entry={entry}
              browserZone={browserZone}
              canMove={canReschedule(entry, now)}
              onReschedule={() => onReschedule(entry.campaign)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type DayCampaignProps = {
  entry: CalendarEntry;
  browserZone: string;
  canMove: boolean;
  onReschedule: () => void;
};

function DayCampaign({ entry, browserZone, canMove, onReschedule }: DayCampaignProps) {
  const { campaign, at, isSent } = entry;
  const chosenZone = campaign.scheduled_time_zone;
  // The schedule was chosen in another zone (the school's): say what time that was there.
  const showsChosenZone =
    !isSent && !!chosenZone && isValidTimeZone(chosenZone) && !sameOffset(chosenZone, browserZone, at);
  return (
    <li className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-start gap-x-4 gap-y-2 py-3 sm:grid-cols-[6rem_minmax(0,1fr)_auto]">
      <div>
        <p className={cn('text-sm font-semibold', isSent ? 'text-slate-600' : 'text-slate-900')}>
          <time dateTime={at.toISOString()}>{formatTime12(at)}</time>
        </p>
        <p className="text-xs text-slate-600">{zoneAbbreviation(at.toISOString(), browserZone)}</p>
      </div>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-slate-900">{campaign.name}</span>
          <Badge tone={isSent ? 'neutral' : 'success'}>{isSent ? 'Sent' : 'Scheduled'}</Badge>
        </p>
        <p className="mt-0.5 truncate text-sm text-slate-700">
          <span className="sr-only">Subject: </span>
          {campaign.subject}
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          Segment: {campaign.segment_name ?? 'No segment'}
          {showsChosenZone && chosenZone && (
            <>
              {' · '}Scheduled as {formatTime12(at, chosenZone)}{' '}
              {zoneAbbreviation(at.toISOString(), chosenZone)} ({chosenZone})
            </>
          )}
        </p>
      </div>
      {canMove && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onReschedule}
          aria-label={`Reschedule ${campaign.name}`}
          className="col-start-2 justify-self-start sm:col-start-3 sm:justify-self-end"
        >
          <CalendarClock className="size-4" aria-hidden="true" />
          Reschedule
        </Button>
      )}
    </li>
  );
}
