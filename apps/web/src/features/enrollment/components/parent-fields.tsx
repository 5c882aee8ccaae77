import { Checkbox } from '@/components/ui/checkbox';
import type { EnrollFormDraft } from '../enroll-draft';
import { describedByError, Field, TextInput } from './form-field';

type ParentDraft = Pick<EnrollFormDraft, 'parentName' | 'email' | 'phone' | 'hasPhoneConsent'>;

type ParentFieldsProps = {
  draft: ParentDraft;
  errors: Record<string, string>;
  /** The DOM id of a field path ('parentName'): the form finds its first problem by it. */
  fieldId: (path: string) => string;
  onChange: (change: Partial<ParentDraft>) => void;
};

/** Section 1: the parent's or guardian's contact details and consent to text messages. */
export function ParentFields({ draft, errors, fieldId, onChange }: ParentFieldsProps) {
  const nameId = fieldId('parentName');
  const emailId = fieldId('email');
  const phoneId = fieldId('phone');
  return (
    <div className="space-y-5">
      <Field fieldId={nameId} label="Parent/Guardian Name" error={errors.parentName}>
        <TextInput
          id={nameId}
          autoComplete="name"
          value={draft.parentName}
          onChange={(event) => onChange({ parentName: event.target.value })}
          {...describedByError(nameId, errors.parentName)}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field fieldId={emailId} label="Email Address" error={errors.email}>
          <TextInput
            id={emailId}
            type="email"
            autoComplete="email"
            spellCheck={false}
            value={draft.email}
            onChange={(event) => onChange({ email: event.target.value })}
            {...describedByError(emailId, errors.email)}
          />
        </Field>
        <Field fieldId={phoneId} label="Phone Number" error={errors.phone}>
          <TextInput
            id={phoneId}
            type="tel"
            autoComplete="tel"
            value={draft.phone}
            onChange={(event) => onChange({ phone: event.target.value })}
            {...describedByError(phoneId, errors.phone)}
          />
        </Field>
      </div>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800 has-checked:border-(--enroll-ring) has-checked:bg-(--enroll-primary-soft)">
        <Checkbox
          className="mt-0.5"
          checked={draft.hasPhoneConsent}
          onChange={(event) => onChange({ hasPhoneConsent: event.target.checked })}
        />
        <span>Yes, text me helpful resources and updates</span>
      </label>
    </div>
  );
}
