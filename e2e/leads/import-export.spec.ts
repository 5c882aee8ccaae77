import fs from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { adminApi, seedLead, type SeededLead } from '../support/seed';
import { useApiSession } from '../support/session';
import { csvCells, csvLines } from '../support/csv';

type Cells = Record<string, string>;

// Three clean rows, one with a warning only (no phone: still valid), one invalid (a child aged 30)
// and one duplicate (a lead already on file, seeded by the test).
const CLEAN: Cells[] = [
  { email: 'rowan.importer@example.org', parent_name: 'Rowan Importer', child1_name: 'Ada Importer' },
  { email: 'sasha.importer@example.org', parent_name: 'Sasha Importer', child1_name: 'Ben Importer' },
  { email: 'tamsin.importer@example.org', parent_name: 'Tamsin Importer', child1_name: 'Cleo Importer' },
].map((cells, i) => ({
  ...cells,
  phone: `(555) 301-000${i}`,
  timeline: 'Next semester',
  child1_age: String(6 + i),
  child1_grade: '2nd Grade',
  child1_special_needs: 'ADHD, Dyslexia',
  child1_current_support: 'IEP',
}));
const NO_PHONE: Cells = {
  email: 'uma.importer@example.org',
  parent_name: 'Uma Importer',
  child1_name: 'Dev Importer',
  child1_age: '9',
};
const TOO_OLD: Cells = {
  email: 'vic.importer@example.org',
  parent_name: 'Vic Importer',
  phone: '(555) 301-0009',
  child1_name: 'Eve Importer',
  child1_age: '30',
};
const duplicateOf = (lead: SeededLead): Cells => ({
  email: lead.email,
  parent_name: lead.parent_name,
  phone: '(555) 201-3344',
  child1_name: lead.children[0]!.name,
  child1_age: '7',
});

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

async function saved(download: Download): Promise<string> {
  return fs.readFileSync(await download.path(), 'utf8');
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

/** The rows of the tab panel on show (the header row excluded). */
const tableRows = (dialog: Locator) => dialog.getByRole('tabpanel').locator('tbody tr');

test('imports leads from a CSV built on the template, then exports every lead as CSV and JSON', async ({
  page,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const onFile = await seedLead(api, {
    parent_name: 'Quinn Onfile',
    children: [{ name: 'Robin Onfile', age: 7 }],
  });
  const duplicate = duplicateOf(onFile);
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const wizard = page.getByRole('dialog', { name: 'Bulk Lead Import' });

  // The template: the import columns and one sample row.
  const template = await downloadOf(page, () =>
    wizard.getByRole('button', { name: 'Download Template' }).click(),
  );
  expect(template.suggestedFilename()).toBe('lead-import-template.csv');
  const [headerLine, ...sampleRows] = csvLines(await saved(template));
  const header = csvCells(headerLine!);
  expect(header.slice(0, 2)).toEqual(['email', 'parent_name']);
  expect(header).toContain('child3_current_support');
  expect(sampleRows).toHaveLength(1);

  // Our file: the template's header, a blank line (skipped but counted), then six rows.
  const rows = [...CLEAN, NO_PHONE, TOO_OLD, duplicate];
  const lines = rows.map((cells) => header.map((column) => csvCell(cells[column] ?? '')).join(','));
  const file = [header.join(','), lines[0], '', ...lines.slice(1)].join('\n');
  await wizard.getByLabel('CSV file').setInputFiles({
    name: 'open-day.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });

  // Step 1: the counts, and the invalid row by its line in the file (header 1, blank line 3).
  await expect(wizard.getByRole('button', { name: 'Continue with 4 Valid Leads' })).toBeEnabled();
  const invalidLine = 3 + rows.indexOf(TOO_OLD);
  await expect(wizard.getByText(`Line ${invalidLine}`, { exact: true })).toBeVisible();
  await expect(wizard.getByText('Child 1 age must be between 0 and 25')).toBeVisible();
  await wizard.getByRole('button', { name: 'Continue with 4 Valid Leads' }).click();

  // Step 2: every tab with its count and rows.
  await expect(wizard.getByRole('tab', { name: 'Valid (4)' })).toHaveAttribute('aria-selected', 'true');
  await expect(tableRows(wizard)).toHaveCount(4);
  for (const cells of [...CLEAN, NO_PHONE]) {
    await expect(tableRows(wizard).filter({ hasText: cells.email! })).toHaveCount(1);
  }
  await wizard.getByRole('tab', { name: 'Invalid (1)' }).click();
  await expect(tableRows(wizard)).toHaveCount(1);
  await expect(tableRows(wizard)).toContainText(TOO_OLD.email!);
  await expect(tableRows(wizard)).toContainText('Child 1 age must be between 0 and 25');
  await wizard.getByRole('tab', { name: 'Duplicates (1)' }).click();
  await expect(tableRows(wizard)).toHaveCount(1);
  await expect(tableRows(wizard)).toContainText(onFile.email);
  await expect(tableRows(wizard)).toContainText(onFile.parent_name);
  await expect(tableRows(wizard)).toContainText('A lead with this email already exists');
  await wizard.getByRole('tab', { name: 'Warnings (1)' }).click();
  await expect(tableRows(wizard)).toHaveCount(1);
  await expect(tableRows(wizard)).toContainText(NO_PHONE.email!);
  await expect(tableRows(wizard)).toContainText('No phone number');

  // Back and forth keeps the check; duplicates are skipped by default.
  await wizard.getByRole('button', { name: 'Back' }).click();
  await wizard.getByRole('button', { name: 'Continue with 4 Valid Leads' }).click();
  await expect(wizard.getByRole('checkbox', { name: 'Skip duplicates' })).toBeChecked();
  await wizard.getByRole('button', { name: 'Import 4 Leads' }).click();

  // Step 3, then (about 2 s later, nothing failed) the dialog closes and the banner says it all.
  await expect(wizard.getByRole('button', { name: 'Import More Leads' })).toBeVisible();
  await expect(page.getByText('Import completed: 4 leads created, 1 skipped, 0 errors')).toBeVisible();
  await expect(wizard).toBeHidden();
  await page.getByLabel('Search leads').fill('importer');
  await expect(page.getByTestId('lead-row')).toHaveCount(4);
  await expect(page.getByTestId('lead-row').filter({ hasText: TOO_OLD.email! })).toHaveCount(0);

  // Export as CSV with two column groups: Contact and Scoring.
  await page.getByRole('button', { name: 'Export All' }).click();
  const exporter = page.getByRole('dialog', { name: 'Export All Leads' });
  await expect(exporter.getByRole('radio', { name: 'CSV' })).toBeChecked();
  await exporter.getByRole('button', { name: 'Clear' }).click();
  await expect(exporter.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await exporter.getByRole('checkbox', { name: 'Contact', exact: true }).check();
  await exporter.getByRole('checkbox', { name: 'Scoring', exact: true }).check();
  const csv = await downloadOf(page, () => exporter.getByRole('button', { name: 'Export CSV' }).click());
  await expect(page.getByText('Successfully exported all leads as CSV')).toBeVisible();
  await expect(exporter).toBeHidden();
  expect(csv.suggestedFilename()).toMatch(/^leads-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const [csvHeader, ...csvRows] = csvLines(await saved(csv)).map(csvCells);
  expect(csvHeader).toEqual(['id', 'email', 'parent_name', 'phone', 'phone_consent', 'lead_score']);
  const exported = csvRows.find((cells) => cells[1] === CLEAN[0]!.email);
  expect(exported?.[2]).toBe(CLEAN[0]!.parent_name);
  expect(Number(exported?.[5])).toBeGreaterThan(0);
  expect(csvRows.some((cells) => cells[1] === TOO_OLD.email)).toBe(false);

  // And as JSON: every field, children included.
  await page.getByRole('button', { name: 'Export All' }).click();
  await exporter.getByRole('radio', { name: 'JSON' }).check();
  await expect(exporter.getByRole('group', { name: 'Contact' })).toHaveCount(0);
  const json = await downloadOf(page, () => exporter.getByRole('button', { name: 'Export JSON' }).click());
  await expect(page.getByText('Successfully exported all leads as JSON')).toBeVisible();
  expect(json.suggestedFilename()).toMatch(/^leads-export-\d{4}-\d{2}-\d{2}\.json$/);
  const leads = JSON.parse(await saved(json)) as Record<string, unknown>[];
  expect(leads.length).toBe(csvRows.length);
  const lead = leads.find((l) => l.email === NO_PHONE.email);
  expect(lead).toMatchObject({ parent_name: NO_PHONE.parent_name });
  expect(JSON.stringify(lead)).toContain(NO_PHONE.child1_name);
});

test('refuses a file that is not a CSV, and a CSV without leads', async ({ page, request }) => {
  await useApiSession(page, request);
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const wizard = page.getByRole('dialog', { name: 'Bulk Lead Import' });
  const input = wizard.getByLabel('CSV file');

  await input.setInputFiles({
    name: 'leads.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7'),
  });
  await expect(wizard.getByRole('alert')).toHaveText(/Please select a CSV file/);

  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
  await input.setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: png });
  await expect(wizard.getByRole('alert')).toHaveText(/Failed to parse CSV file/);

  await input.setInputFiles({
    name: 'empty.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('email,parent_name\n'),
  });
  await expect(wizard.getByRole('alert')).toHaveText(
    /CSV file must contain header row and at least one data row/,
  );

  const noChild = 'email,parent_name,child1_name\nnobody.importer@example.org,No Child,\n';
  await input.setInputFiles({ name: 'no-child.csv', mimeType: 'text/csv', buffer: Buffer.from(noChild) });
  await expect(wizard.getByRole('alert')).toHaveText(/No valid leads found in the CSV file/);
});
