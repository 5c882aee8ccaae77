import { changePasswordRequestSchema } from '@lantern/contracts';
import { z } from 'zod';

/**
 * 'Change password': the API's request (its new-password rule and words) plus the confirmation the
 * screen asks for. Every problem shows at once, each under its field.
 */
export const changePasswordDraftSchema = changePasswordRequestSchema
  .extend({
    // The screen's own words: the API's 'Password is required' reads as if about signing in.
    currentPassword: z.string().min(1, 'Current password is required'),
    confirmPassword: z.string(),
  })
  .refine((draft) => draft.confirmPassword === draft.newPassword, {
    path: ['confirmPassword'],
    message: 'The new passwords do not match',
  });
export type ChangePasswordDraft = z.infer<typeof changePasswordDraftSchema>;

export const emptyChangePassword = (): ChangePasswordDraft => ({
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
});
