import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, signInThroughApi, totpCode } from '../support/auth';
import { adminApi, findLead, seedChat, seedLead, type AdminApi } from '../support/seed';
import { useApiSession } from '../support/session';

// Two-factor is switched on for the second journey: the file runs in order, and it is switched off after.
test.describe.configure({ mode: 'serial' });

type Preview = {
  counts: { visitors: number; conversations: number; leads: number };
  twoFactorRequired: boolean;
};

async function dryRun(api: AdminApi): Promise<Preview> {
  const res = await api.request.get('/admin/clear-analytics/preview', { headers: api.headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Preview;
}

async function openPanel(page: Page) {
  await page.goto('/widget?tab=security');
  const panel = page.getByRole('region', { name: 'Production Data Management' });
  await expect(panel).toBeVisible();
  return panel;
}

/** Seeds a chat (a visitor and a conversation) and a lead, and returns the lead's email. */
async function seedAnalytics(api: AdminApi, request: APIRequestContext) {
  await seedChat(request, ['Do you have places for September?']);
  return (await seedLead(api)).email;
}

test('clearing analytics with the password: the dry run first, then visitors and conversations go and leads stay', async ({
  page,
  request,
}) => {
  const token = await useApiSession(page, request);
  const api = await adminApi(request, token);
  const email = await seedAnalytics(api, request);
  const before = await dryRun(api);
  expect(before.counts.visitors).toBeGreaterThan(0);
  expect(before.counts.conversations).toBeGreaterThan(0);

  const panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Clear analytics data' }).click();
  const table = panel.getByRole('table', { name: 'What clearing would delete' });
  await expect(table.getByRole('row', { name: /Conversations/ })).toContainText(
    String(before.counts.conversations),
  );
  await expect(table.getByRole('row', { name: /Leads \(kept\)/ })).toContainText('0');
  const leadsBox = panel.getByRole('checkbox', { name: /Also delete leads/ });
  await expect(leadsBox).not.toBeChecked();

  // No password: asked for it, nothing cleared.
  await panel.getByRole('button', { name: /^Clear \d+ records$/ }).click();
  await expect(panel.getByRole('alert')).toHaveText('Please enter your password');
  // A wrong one: refused, still signed in.
  await panel.getByLabel('Your password').fill('not-the-password');
  await panel.getByRole('button', { name: /^Clear \d+ records$/ }).click();
  await expect(panel.getByRole('alert')).toBeVisible();
  expect((await dryRun(api)).counts.conversations).toBe(before.counts.conversations);

  await panel.getByLabel('Your password').fill(ADMIN.password);
  await panel.getByRole('button', { name: /^Clear \d+ records$/ }).click();
  await expect(page.getByText(/^Successfully cleared \d+ records!$/).first()).toBeVisible();
  const summary = panel.getByRole('status').filter({ hasText: 'Successfully cleared' });
  await expect(summary).toContainText(`Conversations${before.counts.conversations}`);
  await expect(summary).toContainText('Leads0');
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByRole('button', { name: 'Clear analytics data' })).toBeVisible();

  const after = await dryRun(api);
  expect(after.counts.visitors).toBe(0);
  expect(after.counts.conversations).toBe(0);
  expect(await findLead(api, email)).toBeDefined();
});

test('with two-factor on, clearing also needs the current code', async ({ page, request }) => {
  const token = await useApiSession(page, request);
  const api = await adminApi(request, token);
  const setup = await request.post('/admin/2fa/setup', { headers: api.headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret, backupCodes } = (await setup.json()) as { secret: string; backupCodes: string[] };
  const verify = await request.post('/admin/2fa/verify-setup', {
    headers: api.headers,
    data: { code: await totpCode(secret) },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  try {
    await seedAnalytics(api, request);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Clear analytics data' }).click();
    await panel.getByLabel('Your password').fill(ADMIN.password);
    await panel.getByRole('button', { name: /^Clear \d+ records$/ }).click();
    await expect(panel.getByRole('alert')).toHaveText('Please enter your current 2FA code');
    await panel.getByLabel('Current 2FA code').fill(await totpCode(secret, 1));
    await panel.getByRole('button', { name: /^Clear \d+ records$/ }).click();
    await expect(page.getByText(/^Successfully cleared \d+ records!$/).first()).toBeVisible();
    expect((await dryRun(api)).counts.conversations).toBe(0);
  } finally {
    // A code is used once: a backup code switches two-factor off again for the other journeys.
    const off = await request.post('/admin/2fa/disable', {
      headers: api.headers,
      data: { password: ADMIN.password, code: backupCodes[0] },
    });
    expect(off.status(), await off.text()).toBe(200);
    await signInThroughApi(request);
  }
});
