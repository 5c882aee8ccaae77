import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, anyChildHas, seedLead, seedSegment, type AdminApi } from '../support/seed';
import { useApiSession } from '../support/session';

const NAME = 'Autism - Immediate';
const CLONE = `${NAME} (Copy)`;

type ApiLead = {
  id: string;
  email: string;
  parent_name: string;
  timeline: string | null;
  lead_score: number;
  children: { special_needs: string[] }[];
};

/** The leads the rules should take, worked out from the leads themselves (not from the rules engine). */
async function expectedMembers({ request, headers }: AdminApi): Promise<ApiLead[]> {
  const res = await request.get('/api/leads?limit=100', { headers });
  const { leads } = (await res.json()) as { leads: ApiLead[] };
  return leads.filter(
    (l) =>
      l.children.some((c) => c.special_needs.includes('Autism/ASD')) &&
      l.timeline?.toLowerCase() === 'immediately' &&
      l.lead_score >= 20,
  );
}

const card = (page: Page, name: string) =>
  page.getByTestId('segment-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function chooseCondition(
  dialog: Locator,
  rule: string,
  field: string,
  operator: string,
  value: string,
  valueKind: 'select' | 'fill',
) {
  await dialog.getByLabel(`${rule} field`).selectOption({ label: field });
  await dialog.getByLabel(`${rule} operator`).selectOption({ label: operator });
  const input = dialog.getByLabel(`${rule} value`);
  if (valueKind === 'select') await input.selectOption({ label: value });
  else await input.fill(value);
}

test('a segment from its rules to its leads: test, save, add, move, export, clone, pause, automatic tagging', async ({
  page,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  // Three families the segment is for, besides any other journey's; one it is not for, and another segment.
  for (const name of ['Ash', 'Bay', 'Cove']) {
    await seedLead(api, {
      email: `${name.toLowerCase()}.autism@example.org`,
      parent_name: `${name} Parent`,
      phone: '(555) 010-3030',
      timeline: 'Immediately',
      children: [{ name: `${name} Junior`, age: 6, special_needs: ['Autism/ASD'] }],
    });
  }
  const byHand = await seedLead(api, {
    parent_name: 'Quinn Byhand',
    timeline: 'Next school year',
    children: [{ name: 'Robin Byhand', age: 7, special_needs: ['Sensory Processing'] }],
  });
  const adhdFamilies = await seedSegment(api, {
    name: 'adhd-families',
    inclusion_rules: anyChildHas('ADHD'),
  });
  await seedSegment(api, { name: 'do-not-contact', never_contact: true });
  const expected = await expectedMembers(api);
  expect(expected.length).toBeGreaterThanOrEqual(3);

  await page.goto('/segments');
  await expect(page.getByRole('heading', { name: 'Lead Segments' })).toBeVisible();
  await expect(page.getByText('Manage and organize leads for targeted email marketing')).toBeVisible();
  // The never-contact system segment is not listed.
  await expect(page.getByRole('heading', { name: /do.not.contact/i })).toHaveCount(0);

  // The rules: special needs contains Autism/ASD AND timeline equals Immediately, excluding score below 20.
  await page.getByRole('button', { name: 'Create Segment' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Segment' });
  await editor.getByRole('button', { name: 'Create Segment' }).click();
  await expect(editor.getByText('Segment name is required')).toBeVisible();
  await editor.getByLabel('Segment name').fill(NAME);
  await chooseCondition(
    editor,
    'Inclusion rule 1',
    'Special needs (any child)',
    'contains',
    'Autism/ASD',
    'select',
  );
  await editor
    .getByRole('region', { name: /inclusion/i })
    .getByRole('button', { name: 'Add Condition' })
    .click();
  await chooseCondition(editor, 'Inclusion rule 2', 'Timeline', 'equals', 'Immediately', 'select');
  await editor
    .getByRole('region', { name: /exclusion/i })
    .getByRole('button', { name: 'Add Condition' })
    .click();
  await chooseCondition(editor, 'Exclusion rule 1', 'Lead score', 'is less than', '20', 'fill');

  await editor.getByRole('button', { name: 'Test First' }).click();
  const matchingStat = editor.getByText('Matching', { exact: true }).locator('..');
  await expect(matchingStat).toContainText(String(expected.length));
  const samples = editor.getByText('Sample matching leads').locator('..');
  await expect(samples.getByRole('listitem')).toHaveCount(Math.min(3, expected.length));

  await editor.getByRole('button', { name: 'Create Segment' }).click();
  await expect(editor).toBeHidden();
  const created = card(page, NAME);
  await expect(created).toBeVisible();
  await expect(created).toContainText('Email Ready');
  await expect(created).toContainText('Auto');
  await expect(created.getByText(String(expected.length), { exact: true })).toBeVisible();
  await expect(created.getByText('Never')).toHaveCount(0, { timeout: 10_000 });

  // The lead viewer: add a lead by hand, then move it to another segment.
  await page.getByRole('button', { name: `View leads in ${NAME}`, exact: true }).click();
  const viewer = page.getByRole('dialog', { name: NAME });
  await expect(viewer.getByText(`${expected.length} of ${expected.length} leads shown`)).toBeVisible();
  await viewer.getByRole('button', { name: 'Add Leads' }).click();
  const adder = page.getByRole('dialog', { name: 'Add Leads' });
  await adder.getByLabel('Search available leads').fill('byhand');
  await adder.getByRole('checkbox', { name: new RegExp(byHand.parent_name) }).check();
  await adder.getByRole('button', { name: /Add 1 Leads?/ }).click();
  await expect(adder).toBeHidden();
  const byHandRow = viewer.getByRole('row').filter({ hasText: byHand.email });
  await expect(byHandRow).toContainText('Manual');
  await expect(viewer.getByText(`(${expected.length + 1} total in segment)`)).toBeVisible();

  await byHandRow.getByRole('checkbox', { name: `Select ${byHand.parent_name}` }).check();
  await viewer.getByLabel('Move selected leads to segment').selectOption({ label: adhdFamilies.shownName });
  await viewer.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(viewer.getByText(`1 lead moved to ${adhdFamilies.shownName} successfully`)).toBeVisible();
  await expect(byHandRow).toHaveCount(0);

  // Export the segment as CSV and read the file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    viewer.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Autism___Immediate_leads.csv');
  const [header, ...rows] = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(header!.split(',').slice(0, 2)).toEqual(['email', 'parent_name']);
  expect(rows.map((r) => r.split(',')[0]).sort()).toEqual(expected.map((l) => l.email).sort());
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Clone it, pause and re-activate the original, delete the clone.
  await page.getByRole('button', { name: `Clone ${NAME}`, exact: true }).click();
  const cloner = page.getByRole('dialog', { name: 'Clone Segment' });
  await expect(cloner.getByLabel('New segment name')).toHaveValue(CLONE);
  await cloner.getByRole('button', { name: 'Clone Segment' }).click();
  await expect(card(page, CLONE)).toBeVisible();

  await page.getByRole('button', { name: `Pause ${NAME}`, exact: true }).click();
  await expect(created).toContainText('Inactive');
  await page.getByRole('button', { name: 'Inactive', exact: true }).click();
  await expect(card(page, NAME)).toBeVisible();
  await expect(card(page, CLONE)).toHaveCount(0);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByRole('button', { name: `Activate ${NAME}`, exact: true }).click();
  await expect(created).toContainText('Email Ready');

  await page.getByRole('button', { name: `Delete ${CLONE}`, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Segment' });
  await expect(confirm).toContainText(CLONE);
  await confirm.getByRole('button', { name: 'Delete Segment' }).click();
  await expect(card(page, CLONE)).toHaveCount(0);
  await expect(created).toBeVisible();

  // A new matching lead, created from the leads screen, joins the segment by itself.
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Add Lead' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Lead' });
  await form.getByLabel('Email').fill('juniper.segments@example.org');
  await form.getByLabel('Parent Name').fill('Juniper Segments');
  await form.getByLabel('Phone').fill('(555) 010-4242');
  await form.getByLabel('Timeline', { exact: true }).selectOption('Immediately');
  await form.getByLabel('Child 1 Name').fill('Rowan Segments');
  await form.getByLabel('Child 1 Age').fill('8');
  await form.getByRole('group', { name: 'Child 1 Special Needs' }).getByLabel('Autism/ASD').check();
  await form.getByRole('button', { name: /Create Lead|Add Lead|Save/ }).click();
  await expect(form).toBeHidden({ timeout: 5_000 });

  await page.goto('/segments');
  await expect(card(page, NAME).getByText(String(expected.length + 1), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `View leads in ${NAME}`, exact: true }).click();
  const row = page
    .getByRole('dialog', { name: NAME })
    .getByRole('row')
    .filter({ hasText: 'juniper.segments@example.org' });
  await expect(row).toContainText('Auto');
});
