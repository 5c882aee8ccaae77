import { PASSWORD_MIN_LENGTH } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { changePasswordDraftSchema, emptyChangePassword } from './change-password-draft';

const problemsOf = (draft: unknown) => {
  const result = changePasswordDraftSchema.safeParse(draft);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the Change password form', () => {
  it('names every problem at once, each on its field', () => {
    expect(problemsOf({ ...emptyChangePassword(), confirmPassword: 'something' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      confirmPassword: 'The new passwords do not match',
    });
  });

  it('passes a current password and a long enough new one typed twice', () => {
    const newPassword = 'a'.repeat(PASSWORD_MIN_LENGTH);
    expect(problemsOf({ currentPassword: 'old', newPassword, confirmPassword: newPassword })).toEqual({});
  });
});
