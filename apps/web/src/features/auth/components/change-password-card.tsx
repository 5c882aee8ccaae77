import { PASSWORD_MIN_LENGTH } from '@lantern/contracts';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const emptyFields: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

function validate({ currentPassword, newPassword, confirmPassword }: Fields): FieldErrors {
  const errors: FieldErrors = {};
  if (!currentPassword) errors.currentPassword = 'Current password is required';
  if (newPassword.length < PASSWORD_MIN_LENGTH) {
    errors.newPassword = `The new password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  if (confirmPassword !== newPassword) errors.confirmPassword = 'The new passwords do not match';
  return errors;
}

export function ChangePasswordCard() {
  const [fields, setFields] = useState<Fields>(emptyFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const changePassword = useChangePassword();

  const bind = (name: keyof Fields) => ({
    name,
    value: fields[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setFields((prev) => ({ ...prev, [name]: event.target.value })),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(fields);
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    changePassword.mutate(
      { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      {
        onSuccess: ({ message }) => {
          notify.success(message || 'Password changed');
          setFields(emptyFields);
        },
      },
    );
  }

  return (
    <Card aria-labelledby="change-password-title">
      <CardHeader
        icon={<Lock className="size-5" aria-hidden="true" />}
        title={<span id="change-password-title">Change password</span>}
        description="Changing your password signs this account out everywhere else; you stay signed in here."
      />
      <CardContent>
        <form onSubmit={handleSubmit} noValidate className="max-w-md space-y-4">
          {changePassword.isError && (
            <Alert tone="error">{errorMessage(changePassword.error, 'Failed to change password')}</Alert>
          )}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            {...bind('currentPassword')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            {...bind('newPassword')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            {...bind('confirmPassword')}
          />
          <Button type="submit" isLoading={changePassword.isPending}>
            {changePassword.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
