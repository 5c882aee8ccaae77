import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { logFile } from '../playwright.config';
import { ADMIN, expectSignedIn, signInThroughForm, totpCode } from '../support/auth';

test.describe.configure({ mode: 'serial' });

const secrets: string[] = [ADMIN.password];

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function submitCode(page: Page, code: string) {
  await expect(page.getByRole('button', { name: 'Verify Code' })).toBeVisible();
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
}

async function openAccountSecurity(page: Page) {
  await page.goto('/widget?tab=security');
  await expect(page.getByRole('tab', { name: 'Account Security' })).toHaveAttribute('aria-selected', 'true');
}

test('enables two-factor, signs in with a code and with a backup code, then disables it', async ({
  page,
}) => {
  await signInThroughForm(page);
  await expectSignedIn(page);
  await openAccountSecurity(page);

  // Setup: scan (here: read the key shown for manual entry) and verify.
  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  secrets.push(secret);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/code/i).fill(await totpCode(secret));
  await page.getByRole('button', { name: /Verify/ }).click();

  // Complete: the backup codes are shown once.
  await expect(page.getByText('2FA enabled successfully!')).toBeVisible();
  const backupCodes = await page.getByTestId('backup-code').allInnerTexts();
  expect(backupCodes).toHaveLength(10);
  secrets.push(...backupCodes);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/enabled/i).first()).toBeVisible();

  // Sign in with a TOTP code (the next step's code: the one used to verify cannot be replayed).
  await signOut(page);
  await signInThroughForm(page);
  await expect(page.getByText(/backup code/i)).toBeVisible();
  await submitCode(page, await totpCode(secret, 1));
  await expectSignedIn(page);

  // Sign in with a backup code.
  await signOut(page);
  await signInThroughForm(page);
  await submitCode(page, backupCodes[0]!);
  await expectSignedIn(page);

  // The same backup code is refused the second time, and the code field is cleared.
  await signOut(page);
  await signInThroughForm(page);
  await submitCode(page, backupCodes[0]!);
  await expect(page.getByRole('alert')).toHaveText(/Invalid two-factor code/);
  await expect(page.getByLabel('Verification code')).toHaveValue('');
  await page.getByRole('button', { name: 'Back to password' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  // Disable with password and code, confirmed in the panel.
  await signInThroughForm(page);
  await submitCode(page, backupCodes[1]!);
  await expectSignedIn(page);
  await openAccountSecurity(page);
  await page.getByRole('button', { name: 'Disable 2FA' }).click();
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('2FA code').fill(backupCodes[2]!);
  await page.getByRole('button', { name: 'Disable 2FA', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, Disable 2FA' }).click();
  await expect(page.getByText('2FA disabled successfully')).toBeVisible();

  // Signing in needs only the password again.
  await signOut(page);
  await signInThroughForm(page);
  await expectSignedIn(page);
});

test('never wrote a password, key or code to the server log', async () => {
  const log = fs.readFileSync(logFile, 'utf8');
  expect(log.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(log).not.toContain(secret);
});
