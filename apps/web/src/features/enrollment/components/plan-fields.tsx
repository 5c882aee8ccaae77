import { PUBLIC_TIMELINES } from '@lantern/contracts';
import type { UseFormRegister } from 'react-hook-form';
import type { EnrollFormDraft } from '../enroll-draft';
import { describedByError, Field, SelectInput, TextArea } from './form-field';

type PlanFieldsProps = {
  register: UseFormRegister<EnrollFormDraft>;
  errorOf: (path: string) => string | undefined;
  fieldId: (path: string) => string;
};

/** Section 3: when the family hopes to start, and what worries them most (optional). */
export function PlanFields({ register, errorOf, fieldId }: PlanFieldsProps) {
  const timelineId = fieldId('timeline');
  const concernsId = fieldId('biggestConcerns');
  const errors = { timeline: errorOf('timeline') };
  return (
    <div className="space-y-5">
      <Field fieldId={timelineId} label="Enrollment Timeline" error={errors.timeline}>
        <SelectInput
          id={timelineId}
          {...register('timeline')}
          {...describedByError(timelineId, errors.timeline)}
        >
          <option value="">Select a timeline</option>
          {PUBLIC_TIMELINES.map((timeline) => (
            <option key={timeline} value={timeline}>
              {timeline}
            </option>
          ))}
        </SelectInput>
      </Field>
      <Field fieldId={concernsId} label="Biggest Concerns" isOptional>
        <TextArea
          id={concernsId}
          placeholder="Anything you would like us to know about your child's needs"
          {...register('biggestConcerns')}
        />
      </Field>
    </div>
  );
}
