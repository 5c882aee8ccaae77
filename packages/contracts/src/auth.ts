import { z } from 'zod';

export * from './auth-constants';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-constants';

const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254)
  .email('Please enter a valid email address');
const password = z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH);

/** A TOTP code (6 digits) or a backup code (8 digits). */
export const twoFactorCodeSchema = z
  .string()
  .regex(/^\d{6}(\d{2})?$/, 'Enter the 6-digit code from your app or an 8-digit backup code');

export const loginRequestSchema = z.strictObject({
  email,
  password,
  twoFactorCode: twoFactorCodeSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  twoFactorEnabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const loginSuccessSchema = z.object({ token: z.string(), user: adminUserSchema });
export const loginTwoFactorSchema = z.object({ requiresTwoFactor: z.literal(true) });
export const loginResponseSchema = z.union([loginSuccessSchema, loginTwoFactorSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({ user: adminUserSchema });

/** Shown under the login form only while the development default account keeps its default password. */
export const loginHintResponseSchema = z.object({
  devCredentials: z.object({ email: z.string(), password: z.string() }).nullable(),
});
export type LoginHintResponse = z.infer<typeof loginHintResponseSchema>;

export const changePasswordRequestSchema = z.strictObject({
  currentPassword: password,
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `The new password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  setupAt: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupResponseSchema = z.object({
  qrCodeUrl: z.string().describe('data: URL of a PNG QR code holding the otpauth:// URI'),
  secret: z.string().describe('The base32 key, for typing into an authenticator app that cannot scan'),
  backupCodes: z.array(z.string()),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'Please enter a valid 6-digit code');

export const verifySetupRequestSchema = z.strictObject({ code: totpCodeSchema });
export const disableTwoFactorRequestSchema = z.strictObject({
  password,
  code: twoFactorCodeSchema,
});
export const regenerateBackupCodesRequestSchema = z.strictObject({ code: totpCodeSchema });
export const backupCodesResponseSchema = z.object({ backupCodes: z.array(z.string()) });
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
