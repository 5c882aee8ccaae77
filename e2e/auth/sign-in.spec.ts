import { expect, test } from '@playwright/test';
import { ADMIN, expectSignedIn, signInThroughApi, signInThroughForm, STORAGE_KEYS } from '../support/auth';

test('signs in with the default account shown on the login page, then signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(ADMIN.email)).toBeVisible();

  await signInThroughForm(page);
  await expectSignedIn(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: /Leads/ })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)).toBeNull();
  await page.goto('/leads');
  await expect(page).toHaveURL(/\/login/);
});

test('shows a wrong password in a red box and stays on the form', async ({ page }) => {
  await signInThroughForm(page, { email: ADMIN.email, password: 'not-the-password' });
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(/Invalid email or password/);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('sends a stored but revoked session to /login', async ({ page, request }) => {
  const { token, user } = await signInThroughApi(request);
  await page.addInitScript(
    ({ keys, token, user }) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.user, JSON.stringify(user));
    },
    { keys: STORAGE_KEYS, token, user },
  );
  const revoked = await request.post('/admin/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.ok()).toBe(true);

  await page.goto('/leads');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)).toBeNull();
});

test('opens every area of the navigation by its own route', async ({ page }) => {
  await signInThroughForm(page);
  await expectSignedIn(page);
  const areas = [
    ['Leads', '/leads'],
    ['Analytics', '/analytics'],
    ['Knowledge', '/knowledge'],
    ['Segments', '/segments'],
    ['Resources', '/resources'],
    ['Campaigns', '/campaigns'],
    ['Templates', '/templates'],
    ['Widget', '/widget'],
    ['Dashboard', '/'],
  ] as const;
  const nav = page.getByRole('navigation');
  for (const [name, path] of areas) {
    await nav.locator(`a[href="${path}"]`).click();
    await expect(page, `${name} opens ${path}`).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});
