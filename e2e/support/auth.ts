import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';

export const ADMIN = { email: 'admin@lantern.local', password: 'lantern-admin' } as const;
export const STORAGE_KEYS = { token: 'lantern.admin-token', user: 'lantern.admin-user' } as const;

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

export async function signInThroughForm(
  page: Page,
  credentials: { email: string; password: string } = ADMIN,
) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function expectSignedIn(page: Page) {
  await expect(page.getByText('Welcome')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

/** Signs in through the API (as the journeys' own setup), returning the token and user. */
export async function signInThroughApi(request: APIRequestContext, body: Record<string, string> = ADMIN) {
  const res = await request.post('/admin/login', { data: body });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { token: string; user: Record<string, unknown> };
}
