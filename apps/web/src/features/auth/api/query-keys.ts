/** Cache keys of the auth area, in one place so mutations can refresh what they change. */
export const authKeys = {
  me: ['auth', 'me'] as const,
  loginHint: ['auth', 'login-hint'] as const,
  twoFactorStatus: ['auth', 'two-factor-status'] as const,
};
