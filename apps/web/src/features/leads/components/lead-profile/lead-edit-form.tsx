import { ADMIN_TIMELINES, CONVERSION_STATUSES, EMAIL_STATUSES } from '@lantern/contracts';
import { Baby, BadgeCheck, NotebookPen, UserRound } from 'lucide-react';
import { useCallback, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { ChildrenEditor } from './children-editor';
import { humanize } from './format';
import { asOptions, InputField, optionsWithCurrent, SelectField, TextAreaField } from './form-controls';
import type { LeadDraft } from './lead-draft';
import { ProfileSection } from './profile-section';

const timelineOptions = asOptions(ADMIN_TIMELINES);
const conversionOptions = asOptions(CONVERSION_STATUSES, humanize);
const emailStatusOptions = asOptions(EMAIL_STATUSES, humanize);
const paymentPeriodOptions = asOptions(['monthly', 'termly', 'annual', 'one-time'], humanize);

type LeadEditFormProps = {
  id: string;
  draft: LeadDraft;
  onChange: (changes: Partial<LeadDraft>) => void;
  onSubmit: () => void;
  isSaving: boolean;
  /** The failed save's message, shown above the fields. */
  error: string | null;
  /** Changes with every save attempt, so each failure brings the message back into view. */
  errorKey: number;
};

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

export function LeadEditForm({
  id,
  draft,
  onChange,
  onSubmit,
  isSaving,
  error,
  errorKey,
}: LeadEditFormProps) {
  const isEnrolled = draft.conversion_status === 'enrolled';
  const isUnsubscribed = draft.email_status === 'unsubscribed';

  // Save sits in the footer, possibly far below the message: scroll it into view when it appears.
  const revealError = useCallback(
    (node: HTMLDivElement | null) => node?.scrollIntoView({ block: 'nearest' }),
    [],
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form id={id} onSubmit={handleSubmit} className="space-y-4">
      {error ? (
        <div key={errorKey} ref={revealError} className="scroll-mt-4">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <fieldset disabled={isSaving} className="min-w-0 space-y-4">
        <legend className="sr-only">Lead details</legend>
        <ProfileSection title="Parent Information" icon={<UserRound aria-hidden="true" />}>
          <Grid>
            <InputField
              label="Parent Name"
              required
              autoFocus
              maxLength={160}
              autoComplete="off"
              value={draft.parent_name}
              onValueChange={(parent_name) => onChange({ parent_name })}
            />
            <InputField
              label="Email Address"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              value={draft.email}
              onValueChange={(email) => onChange({ email })}
            />
            <InputField
              label="Phone"
              type="tel"
              maxLength={40}
              autoComplete="off"
              value={draft.phone}
              onValueChange={(phone) => onChange({ phone })}
            />
            <SelectField
              label="Timeline"
              emptyLabel="Not set"
              options={optionsWithCurrent(timelineOptions, draft.timeline)}
              value={draft.timeline}
              onValueChange={(timeline) => onChange({ timeline })}
            />
            <InputField
              label="Timeline Date"
              type="date"
              value={draft.timeline_date}
              onValueChange={(timeline_date) => onChange({ timeline_date })}
            />
          </Grid>
        </ProfileSection>

        <ProfileSection title="Children Information" icon={<Baby aria-hidden="true" />}>
          <ChildrenEditor value={draft.children} onChange={(children) => onChange({ children })} />
        </ProfileSection>

        <ProfileSection title="Conversion Tracking" icon={<BadgeCheck aria-hidden="true" />}>
          <Grid>
            <SelectField
              label="Conversion Status"
              options={optionsWithCurrent(conversionOptions, draft.conversion_status, humanize)}
              value={draft.conversion_status}
              onValueChange={(conversion_status) => onChange({ conversion_status })}
            />
            {isEnrolled ? (
              <>
                <InputField
                  label="Enrollment Date"
                  type="date"
                  value={draft.enrollment_date}
                  onValueChange={(enrollment_date) => onChange({ enrollment_date })}
                />
                <InputField
                  label="Payment Amount"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={draft.payment_amount}
                  onValueChange={(payment_amount) => onChange({ payment_amount })}
                />
                <SelectField
                  label="Payment Period"
                  emptyLabel="Not set"
                  options={optionsWithCurrent(paymentPeriodOptions, draft.payment_period, humanize)}
                  value={draft.payment_period}
                  onValueChange={(payment_period) => onChange({ payment_period })}
                />
              </>
            ) : null}
          </Grid>
          <div className="mt-4 border-t border-slate-100 pt-4">
            <Grid>
              <SelectField
                label="Email Status"
                options={optionsWithCurrent(emailStatusOptions, draft.email_status, humanize)}
                value={draft.email_status}
                onValueChange={(email_status) => onChange({ email_status })}
              />
              {isUnsubscribed ? (
                <InputField
                  label="Unsubscribe Reason"
                  maxLength={500}
                  value={draft.unsubscribe_reason}
                  onValueChange={(unsubscribe_reason) => onChange({ unsubscribe_reason })}
                />
              ) : null}
            </Grid>
          </div>
        </ProfileSection>

        <ProfileSection title="Notes" icon={<NotebookPen aria-hidden="true" />}>
          <TextAreaField
            label="Biggest Concerns"
            rows={4}
            maxLength={5000}
            value={draft.biggest_concerns}
            onValueChange={(biggest_concerns) => onChange({ biggest_concerns })}
          />
        </ProfileSection>
      </fieldset>
    </form>
  );
}
