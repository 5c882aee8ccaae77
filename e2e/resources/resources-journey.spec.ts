import fs from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { adminApi, anyChildHas, seedSegment } from '../support/seed';
import { useApiSession } from '../support/session';

const TITLE = 'Sensory-friendly mornings';
const RENAMED = 'Calm sensory mornings';
const GUIDE = {
  name: 'morning-routine-guide.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};
const NOT_ALLOWED = {
  name: 'installer.exe',
  mimeType: 'application/octet-stream',
  buffer: Buffer.from('MZ'),
};
const GONE = 'This resource is no longer available';

/** The four statistics cards above the list (they count the resources the filters show). */
async function expectStatistics(page: Page, figures: Record<string, number>) {
  const cards = page.getByRole('list', { name: 'Resource statistics' });
  for (const [label, value] of Object.entries(figures)) {
    await expect(cards.getByRole('listitem').filter({ hasText: label })).toHaveText(`${label}${value}`);
  }
}

/** A parent, not signed in, follows the link: a resource with one file downloads at once. */
async function downloadThrough(parent: Page, url: string): Promise<Download> {
  const [download] = await Promise.all([
    parent.waitForEvent('download'),
    parent.goto(url).catch((error: Error) => expect(error.message).toContain('Download is starting')),
  ]);
  return download;
}

const row = (page: Page, title: string): Locator => page.getByRole('article', { name: title });

test('an admin adds a resource with a file for a segment, follows its numbers, edits, pauses and deletes it; its link works for a parent', async ({
  page,
  context,
  browser,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const segment = await seedSegment(api, {
    name: 'sensory-families',
    inclusion_rules: anyChildHas('Sensory Processing'),
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // Filtered to the new segment, the list starts empty.
  await page.goto('/resources');
  await expect(page.getByRole('heading', { name: 'Resource Management' })).toBeVisible();
  await page.getByLabel('Segment', { exact: true }).selectOption({ label: segment.shownName });
  await expect(page.getByText('No resources found')).toBeVisible();
  await expectStatistics(page, { 'Total Resources': 0 });

  // Add it: Create waits for a file; then the form asks for title, description and a segment in turn.
  await page.getByRole('button', { name: 'Add Resource', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Resource' });
  const create = dialog.getByRole('button', { name: 'Create Resource' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Files', { exact: true }).setInputFiles([GUIDE, NOT_ALLOWED]);
  await expect(
    dialog.getByText(/^Some files were skipped\. Only these types are allowed: \.pdf/),
  ).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(1);
  await create.click();
  await expect(dialog.getByRole('alert')).toHaveText('Title is required');
  await dialog.getByLabel('Title').fill(TITLE);
  await create.click();
  await expect(dialog.getByRole('alert')).toHaveText('Description is required');
  await dialog.getByLabel('Description').fill('A calm start to the school day, step by step');
  await create.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select at least one segment');
  await dialog.getByLabel('Category').selectOption({ label: 'Behavioral Support' });
  await dialog.getByLabel('Priority').fill('8');
  await dialog.getByRole('checkbox', { name: new RegExp(segment.shownName) }).check();
  await create.click();
  await expect(dialog).toBeHidden();

  // In the list: its category, priority, files, downloads and primary segment; the numbers follow.
  const added = row(page, TITLE);
  await expect(added).toContainText('Behavioral Support');
  await expect(added).toContainText('Priority 8');
  await expect(added).toContainText('1 file');
  await expect(added).toContainText('0 downloads');
  await expect(added).toContainText('Email required');
  await expect(added.getByRole('list', { name: 'Assigned segments' })).toHaveText(
    `${segment.shownName}(primary)`,
  );
  await expectStatistics(page, { 'Total Resources': 1, Active: 1, 'Total Downloads': 0, 'Total Files': 1 });
  await expect(page.getByText('No downloads yet')).toBeVisible();

  // The test link, copied, works for a parent who is not signed in: the file downloads.
  await page.getByRole('button', { name: `Copy test download link for ${TITLE}` }).click();
  await expect(
    page.getByText(/^Test download link copied to clipboard\. It is valid for 7 days\./),
  ).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/localhost:\d+\/api\/resources\/download\/[\w-]{43}$/);
  const parentContext = await browser.newContext({ acceptDownloads: true });
  const parent = await parentContext.newPage();
  const download = await downloadThrough(parent, link);
  expect(download.suggestedFilename()).toBe(GUIDE.name);
  expect(fs.readFileSync(await download.path())).toEqual(GUIDE.buffer);

  // Refreshed, the download is counted: on the row, in the statistics, among the top resources.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(added).toContainText('1 download');
  await expectStatistics(page, { 'Total Downloads': 1 });
  const top = page.getByRole('region', { name: 'Top performing resources' });
  await expect(top.getByRole('listitem')).toHaveCount(1);
  await expect(top.getByRole('listitem')).toContainText(`${TITLE}Behavioral Support1 download`);
  await added.getByRole('button', { name: `Details for ${TITLE}` }).click();
  await expect(added.getByText(GUIDE.name)).toBeVisible();
  await expect(added.getByRole('definition').first()).toHaveText('1');

  // Edit it in its row.
  await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
  const form = page.getByRole('form', { name: `Edit ${TITLE}` });
  await form.getByLabel('Title').fill(RENAMED);
  await form.getByLabel('Priority').fill('9');
  await form.getByRole('button', { name: 'Save' }).click();
  const renamed = row(page, RENAMED);
  await expect(renamed).toContainText('Priority 9');
  await expect(row(page, TITLE)).toHaveCount(0);

  // Paused: marked Inactive, no test link, and the parent's link says it is gone; played again, it works.
  await page.getByRole('button', { name: `Pause ${RENAMED}` }).click();
  await expect(renamed).toContainText('Inactive');
  await expect(page.getByRole('button', { name: `Copy test download link for ${RENAMED}` })).toBeDisabled();
  await expectStatistics(page, { 'Total Resources': 1, Active: 0 });
  expect((await parent.goto(link))!.status()).toBe(404);
  await expect(parent.getByRole('heading', { name: GONE })).toBeVisible();
  await page.getByRole('button', { name: `Activate ${RENAMED}` }).click();
  await expect(renamed.getByText('Inactive')).toHaveCount(0);
  expect((await downloadThrough(parent, link)).suggestedFilename()).toBe(GUIDE.name);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(renamed).toContainText('2 downloads');

  // Deleted after a confirmation that names it (Cancel first keeps it).
  await page.getByRole('button', { name: `Delete ${RENAMED}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Resource' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete "${RENAMED}"? This action cannot be undone.`,
  );
  await expect(confirm).toContainText('1 file · 2 downloads');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamed).toBeVisible();
  await page.getByRole('button', { name: `Delete ${RENAMED}` }).click();
  await confirm.getByRole('button', { name: 'Delete Resource' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByText('No resources found')).toBeVisible();
  await parent.goto(link);
  await expect(parent.getByRole('heading', { name: GONE })).toBeVisible();
  await parentContext.close();
});
