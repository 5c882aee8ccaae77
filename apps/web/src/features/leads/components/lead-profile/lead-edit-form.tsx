import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_TIMELINES, CONVERSION_STATUSES, EMAIL_STATUSES, type Lead } from '@lantern/contracts';
import { Baby, BadgeCheck, NotebookPen, UserRound } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { ChildrenEditor } from './children-editor';
import { humanize } from './format';
import { asOptions, InputField, optionsWithCurrent, SelectField, TextAreaField } from './form-controls';
import { leadDraftSchema, toLeadDraft, type LeadDraft } from './lead-draft';
import { ProfileSection } from './profile-section';

const timelineOptions = asOptions(ADMIN_TIMELINES);
const conversionOptions = asOptions(CONVERSION_STATUSES, humanize);
const emailStatusOptions = asOptions(EMAIL_STATUSES, humanize);
const paymentPeriodOptions = asOptions(['monthly', 'termly', 'annual', 'one-time'], humanize);

type LeadEditFormProps = {
  id: string;
  /** The lead as it was when editing began: the form starts from it. */
  lead: Lead;
  onSubmit: (draft: LeadDraft) => void;
  isSaving: boolean;
  /** The failed save's message, shown above the fields. */
  error: string | null;
  /** Changes with every save attempt, so each failure brings the message back into view. */
  errorKey: number;
};

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

export function LeadEditForm({ id, lead, onSubmit, isSaving, error, errorKey }: LeadEditFormProps) {
  const [defaultValues] = useState(() => toLeadDraft(lead));
  const { control, register, handleSubmit } = useForm<LeadDraft>({
    resolver: zodResolver(leadDraftSchema),
    defaultValues,
  });
  // The lists offer the current value too (optionsWithCurrent), and two parts show only for some values.
  const [timeline, conversionStatus, paymentPeriod, emailStatus] = useWatch({
    control,
    name: ['timeline', 'conversion_status', 'payment_period', 'email_status'],
  });
  const isEnrolled = conversionStatus === 'enrolled';
  const isUnsubscribed = emailStatus === 'unsubscribed';

  // Save sits in the footer, possibly far below the message: scroll it into view when it appears.
  const revealError = useCallback(
    (node: HTMLDivElement | null) => node?.scrollIntoView({ block: 'nearest' }),
    [],
  );

  return (
    <form id={id} onSubmit={handleSubmit(onSubmit)} className="space-y-4">
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
              {...register('parent_name')}
            />
            <InputField
              label="Email Address"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              {...register('email')}
            />
            <InputField label="Phone" type="tel" maxLength={40} autoComplete="off" {...register('phone')} />
            <SelectField
              label="Timeline"
              emptyLabel="Not set"
              options={optionsWithCurrent(timelineOptions, timeline)}
              {...register('timeline')}
            />
            <InputField label="Timeline Date" type="date" {...register('timeline_date')} />
          </Grid>
        </ProfileSection>

        <ProfileSection title="Children Information" icon={<Baby aria-hidden="true" />}>
          <ChildrenEditor control={control} register={register} />
        </ProfileSection>

        <ProfileSection title="Conversion Tracking" icon={<BadgeCheck aria-hidden="true" />}>
          <Grid>
            <SelectField
              label="Conversion Status"
              options={optionsWithCurrent(conversionOptions, conversionStatus, humanize)}
              {...register('conversion_status')}
            />
            {isEnrolled ? (
              <>
                <InputField label="Enrollment Date" type="date" {...register('enrollment_date')} />
                <InputField
                  label="Payment Amount"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  {...register('payment_amount')}
                />
                <SelectField
                  label="Payment Period"
                  emptyLabel="Not set"
                  options={optionsWithCurrent(paymentPeriodOptions, paymentPeriod, humanize)}
                  {...register('payment_period')}
                />
              </>
            ) : null}
          </Grid>
          <div className="mt-4 border-t border-slate-100 pt-4">
            <Grid>
              <SelectField
                label="Email Status"
                options={optionsWithCurrent(emailStatusOptions, emailStatus, humanize)}
                {...register('email_status')}
              />
              {isUnsubscribed ? (
                <InputField label="Unsubscribe Reason" maxLength={500} {...register('unsubscribe_reason')} />
              ) : null}
            </Grid>
          </div>
        </ProfileSection>

        <ProfileSection title="Notes" icon={<NotebookPen aria-hidden="true" />}>
          <TextAreaField
            label="Biggest Concerns"
            rows={4}
            maxLength={5000}
            {...register('biggest_concerns')}
          />
        </ProfileSection>
      </fieldset>
    </form>
  );
}
