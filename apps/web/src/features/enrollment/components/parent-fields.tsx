import type { UseFormRegister } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import type { EnrollFormDraft } from '../enroll-draft';
import { describedByError, Field, TextInput } from './form-field';

type ParentFieldsProps = {
  register: UseFormRegister<EnrollFormDraft>;
  /** The problem at a field path ('parentName'), once the form shows problems. */
  errorOf: (path: string) => string | undefined;
  /** The DOM id of a field path ('parentName'): the form finds its first problem by it. */
  fieldId: (path: string) => string;
};

/** Section 1: the parent's or guardian's contact details and consent to text messages. */
export function ParentFields({ register, errorOf, fieldId }: ParentFieldsProps) {
  const nameId = fieldId('parentName');
  const emailId = fieldId('email');
  const phoneId = fieldId('phone');
  const errors = { parentName: errorOf('parentName'), email: errorOf('email'), phone: errorOf('phone') };
  return (
    <div className="space-y-5">
      <Field fieldId={nameId} label="Parent/Guardian Name" error={errors.parentName}>
        <TextInput
          id={nameId}
          autoComplete="name"
          {...register('parentName')}
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
            {...register('email')}
            {...describedByError(emailId, errors.email)}
          />
        </Field>
        <Field fieldId={phoneId} label="Phone Number" error={errors.phone}>
          <TextInput
            id={phoneId}
            type="tel"
            autoComplete="tel"
            {...register('phone')}
            {...describedByError(phoneId, errors.phone)}
          />
        </Field>
      </div>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800 has-checked:border-(--enroll-ring) has-checked:bg-(--enroll-primary-soft)">
        <Checkbox className="mt-0.5" {...register('hasPhoneConsent')} />
        <span>Yes, text me helpful resources and updates</span>
      </label>
    </div>
  );
}
