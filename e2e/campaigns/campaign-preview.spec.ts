import { expect, test } from '@playwright/test';

// An approval link nobody made shows the spec's error state (the journey covers the real links).
const TOKEN = 'q1W-e2R_t3Y4u5I6o7P8a9S0d1F2g3H4j5K6l7Z8x9C';

test('a reviewer who is not signed in opens an approval link and is told the preview was not found', async ({
  page,
}) => {
  await page.goto(`/preview/${TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Preview Not Found' })).toBeVisible();
  await expect(page.getByText('may have expired or been removed')).toBeVisible();
  // A public page: no sign-in screen, no admin shell.
  await expect(page).toHaveURL(`/preview/${TOKEN}`);
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await expect(page).toHaveTitle(/^Preview Not Found/);
});
