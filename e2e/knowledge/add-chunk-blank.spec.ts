import { expect, test } from '@playwright/test';
import { useApiSession } from '../support/session';

test('a blank new chunk is refused with a toast, and nothing is sent to the server', async ({
  page,
  request,
}) => {
  await useApiSession(page, request);
  const creations: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/knowledge/chunks')
      creations.push(req.url());
  });
  await page.goto('/knowledge');
  await page.getByRole('tab', { name: 'Chunk Browser' }).click();
  await page.getByRole('button', { name: 'Add Chunk' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add New Knowledge Chunk' });

  for (const text of ['', '   \n  ']) {
    await addDialog.getByLabel('Content').fill(text);
    await addDialog.getByRole('button', { name: 'Create Chunk' }).click();
    const toast = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Please enter some text for the new chunk' });
    await expect(toast.first()).toBeVisible();
  }
  await expect(addDialog).toBeVisible();
  expect(creations).toEqual([]);
});
