import { DELIVERY_MESSAGES, type CampaignSummary } from '@lantern/contracts';
import { CalendarClock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useScheduleCampaign } from '../api/delivery';
import { browserTimeZone, dateInputValue, defaultSchedule, scheduleInstant } from './schedule-time';

export type ScheduleTarget = Pick<CampaignSummary, 'id' | 'name' | 'scheduled_for' | 'publish_status'>;

/** 'Failed to schedule campaign', with the server's reason when it gave one. */
export const withReason = (failure: string, error: unknown) => {
  const reason = errorMessage(error, '');
  return reason ? `${failure}: ${reason}` : failure;
};

/**
 * Schedule Campaign (spec document 3, 2.6 and 5.4): a date (minimum today) and a time, tomorrow at
 * 09:00 by default, read in the browser's time zone (shown read-only); sent as an instant with
 * that zone. Reschedule opens on the current schedule.
 */
export function ScheduleDialog({
  campaign,
  onClose,
  now = () => new Date(),
}: {
  campaign: ScheduleTarget;
  onClose: () => void;
  /** The clock (tests). */
  now?: () => Date;
}) {
  const [initial] = useState(() => defaultSchedule(now(), campaign.scheduled_for));
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [error, setError] = useState<string | null>(null);
  const [timeZone] = useState(browserTimeZone);
  const schedule = useScheduleCampaign();
  const formId = useId();
  const isReschedule = campaign.publish_status === 'scheduled';

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = scheduleInstant(date, time, now());
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    schedule.mutate(
      { id: campaign.id, scheduledFor: checked.instant.toISOString(), timeZone },
      {
        onSuccess: (result) => {
          notify.success(result.message || DELIVERY_MESSAGES.scheduled);
          onClose();
        },
        onError: (failure) => setError(withReason(DELIVERY_MESSAGES.scheduleFailed, failure)),
      },
    );
  }

  // The message is shown once, under the fields; the fields it is about are marked invalid.
  const missing = error === DELIVERY_MESSAGES.scheduleMissing;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !schedule.isPending && onClose()}
      title={isReschedule ? 'Reschedule Campaign' : 'Schedule Campaign'}
      description={campaign.name}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={schedule.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={schedule.isPending}>
            {!schedule.isPending && <CalendarClock className="size-4" aria-hidden="true" />}
            {isReschedule ? 'Reschedule' : 'Schedule'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Date"
            type="date"
            value={date}
            min={dateInputValue(now())}
            required
            onChange={(event) => setDate(event.target.value)}
            aria-invalid={(missing && !date) || undefined}
          />
          <TextField
            label="Time"
            type="time"
            value={time}
            required
            onChange={(event) => setTime(event.target.value)}
            aria-invalid={(missing && !time) || undefined}
          />
        </div>
        <TextField
          label="Time zone"
          value={timeZone}
          readOnly
          hint="Your browser's time zone: the date and time above are read in it."
          className="[&_input]:bg-slate-50"
        />
        {error && <Alert tone="error">{error}</Alert>}
      </form>
    </Dialog>
  );
}
