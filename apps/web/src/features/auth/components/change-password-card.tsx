import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@lantern/contracts';
import { Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import {
  changePasswordDraftSchema,
  emptyChangePassword,
  type ChangePasswordDraft,
} from './change-password-draft';

export function ChangePasswordCard() {
  // Problems show under their fields from Change Password until the next attempt; the first takes focus.
  const { register, handleSubmit, formState, reset } = useForm<ChangePasswordDraft>({
    resolver: zodResolver(changePasswordDraftSchema),
    defaultValues: emptyChangePassword(),
    reValidateMode: 'onSubmit',
  });
  const changePassword = useChangePassword();

  const bind = (name: keyof ChangePasswordDraft) => ({
    ...register(name),
    error: formState.errors[name]?.message,
  });

  function submit({ currentPassword, newPassword }: ChangePasswordDraft) {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          notify.success(message || 'Password changed');
          reset();
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
        <form onSubmit={handleSubmit(submit)} noValidate className="max-w-md space-y-4">
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
