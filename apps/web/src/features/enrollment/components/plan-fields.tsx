import { PUBLIC_TIMELINES } from '@lantern/contracts';
import type { EnrollFormDraft } from '../enroll-draft';
import { describedByError, Field, SelectInput, TextArea } from './form-field';

type PlanDraft = Pick<EnrollFormDraft, 'timeline' | 'biggestConcerns'>;

type PlanFieldsProps = {
  draft: PlanDraft;
  errors: Record<string, string>;
  fieldId: (path: string) => string;
  onChange: (change: Partial<PlanDraft>) => void;
};

/** Section 3: when the family hopes to start, and what worries them most (optional). */
export function PlanFields({ draft, errors, fieldId, onChange }: PlanFieldsProps) {
  const timelineId = fieldId('timeline');
  const concernsId = fieldId('biggestConcerns');
  return (
    <div className="space-y-5">
      <Field fieldId={timelineId} label="Enrollment Timeline" error={errors.timeline}>
        <SelectInput
          id={timelineId}
          value={draft.timeline}
          onChange={(event) => onChange({ timeline: event.target.value })}
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
          value={draft.biggestConcerns}
          placeholder="Anything you would like us to know about your child's needs"
          onChange={(event) => onChange({ biggestConcerns: event.target.value })}
        />
      </Field>
    </div>
  );
}
