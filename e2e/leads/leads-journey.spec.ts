import { expect, test, type Page } from '@playwright/test';
import { adminApi, NO_LEAD_BY_RULES, seedChatLead, seedLead, seedSegment } from '../support/seed';
import { useApiSession } from '../support/session';

const NEW_LEAD = {
  email: 'harper.journey@example.org',
  parent: 'Harper Journey',
  children: ['Ellis Journey', 'Wren Journey'],
};

// A parent who asked in the chat: their conversation is on their lead, and searchable.
const CHAT_FAMILY = {
  parentName: 'Quinn Okafor',
  email: 'quinn.okafor@example.org',
  child: { name: 'Robin', age: 7 },
  question: 'Does Robin get occupational therapy in the school day?',
};
const SEARCH_WORD = 'occupational';

async function dashboardCount(page: Page, label: string): Promise<number> {
  await page.goto('/');
  const card = page.getByTestId('stat-card').filter({ hasText: label });
  await expect(card).toBeVisible();
  const value = await card.getByTestId('stat-value').innerText();
  return Number(value.replace(/\D/g, ''));
}

async function searchLeads(page: Page, term: string) {
  await page.getByLabel('Search leads').fill(term);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(term).replace(/%20/g, '(\\+|%20)')}`));
}

test('a lead from creation to deletion, with the dashboard following', async ({ page, request }) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const openDay = await seedSegment(api, { name: 'open-day', inclusion_rules: NO_LEAD_BY_RULES });
  const chatLead = await seedChatLead(api, CHAT_FAMILY);
  // Two more families in a hurry, to assign with the new one (the list is filtered by timeline then).
  await seedLead(api, { timeline: 'Immediately' });
  await seedLead(api, { timeline: 'Immediately' });
  const totalBefore = await dashboardCount(page, 'Total Leads');

  // Create a lead with two children.
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Add Lead' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Lead' });
  await form.getByLabel('Email').fill(NEW_LEAD.email);
  await form.getByLabel('Parent Name').fill(NEW_LEAD.parent);
  await form.getByLabel('Phone').fill('(555) 010-7788');
  await form.getByLabel('Timeline', { exact: true }).selectOption('Immediately');
  await form.getByLabel('Child 1 Name').fill(NEW_LEAD.children[0]!);
  await form.getByLabel('Child 1 Age').fill('7');
  await form.getByRole('group', { name: 'Child 1 Special Needs' }).getByLabel('ADHD').check();
  await form.getByRole('button', { name: /Add (Another )?Child/ }).click();
  await form.getByLabel('Child 2 Name').fill(NEW_LEAD.children[1]!);
  await form.getByLabel('Child 2 Age').fill('10');
  await form.getByRole('button', { name: /Create Lead|Add Lead|Save/ }).click();
  await expect(page.getByText(`Lead "${NEW_LEAD.parent}" created successfully!`).first()).toBeVisible();
  await expect(form).toBeHidden({ timeout: 5_000 });
  expect(await dashboardCount(page, 'Total Leads')).toBe(totalBefore + 1);

  // Find it by a child's name, case-insensitively.
  await page.goto('/leads');
  await searchLeads(page, 'wren journey');
  const row = page.getByTestId('lead-row').filter({ hasText: NEW_LEAD.email });
  await expect(row).toHaveCount(1);

  // Filter by score and timeline: it is an urgent, complete lead (score 74: high).
  await page.getByLabel('Score').selectOption('high');
  await page.getByLabel('Timeline').selectOption('Immediately');
  await expect(page).toHaveURL(/score=high/);
  await expect(row).toHaveCount(1);
  await page.getByLabel('Score').selectOption('low');
  await expect(page.getByTestId('lead-row')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Score')).toHaveValue('low');
  await page.getByLabel('Score').selectOption('all');
  await expect(row).toHaveCount(1);

  // Open the profile; edit and cancel discards; then set enrolled with a payment.
  await row.getByRole('button', { name: 'View lead' }).click();
  const profile = page.getByRole('dialog');
  await expect(profile.getByText('Lead Profile')).toBeVisible();
  await expect(profile.getByText('Lead Analytics')).toBeVisible();
  await profile.getByRole('button', { name: 'Edit' }).click();
  await expect(profile.getByText('Edit Lead')).toBeVisible();
  await profile.getByLabel('Parent Name').fill('Someone Else');
  await profile.getByRole('button', { name: 'Cancel' }).click();
  await expect(profile.getByText('Lead Profile')).toBeVisible();
  await expect(profile.getByText(NEW_LEAD.parent).first()).toBeVisible();
  await expect(profile.getByText('Someone Else')).toHaveCount(0);

  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('Conversion Status').selectOption('enrolled');
  await profile.getByLabel('Enrollment Date').fill('2026-12-01');
  await profile.getByLabel('Payment Amount').fill('1250.50');
  await profile.getByLabel('Payment Period').selectOption('monthly');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByText('Lead Profile')).toBeVisible();
  await expect(profile.getByText(/1,?250\.50/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText(`Lead "${NEW_LEAD.parent}" updated successfully!`)).toBeVisible();

  // Assign it and two others to a segment from the bulk bar.
  await page.getByLabel('Search leads').fill('');
  await expect(page.getByTestId('lead-row').nth(2)).toBeVisible();
  await searchLeads(page, 'journey');
  await row.getByRole('checkbox').check();
  await page.getByLabel('Search leads').fill('');
  await expect(page).not.toHaveURL(/search=/);
  const others = page.getByTestId('lead-row').filter({ hasNotText: NEW_LEAD.email });
  await others.nth(0).getByRole('checkbox').check();
  await others.nth(1).getByRole('checkbox').check();
  await page.getByLabel('Assign to segment').selectOption({ label: openDay.shownName });
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('3 leads assigned to segment successfully')).toBeVisible();
  await searchLeads(page, 'wren journey');
  await expect(row.getByText(openDay.shownName)).toBeVisible();

  // Its conversation history is empty; the chat family's history is searchable.
  await row.getByRole('button', { name: 'Open conversation history' }).click();
  const history = page.getByRole('dialog', { name: /Conversation History/ });
  await expect(history.getByText('No conversations found')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByLabel('Timeline').selectOption('all');
  await searchLeads(page, chatLead.children[0]!.name);
  const chatRow = page.getByTestId('lead-row').filter({ hasText: chatLead.email });
  await chatRow.getByRole('button', { name: 'Open conversation history' }).click();
  await expect(history.getByRole('button', { name: /Session #1/ })).toBeVisible();
  await history.getByLabel('Search messages').fill(SEARCH_WORD);
  await expect(history.locator('mark').first()).toHaveText(new RegExp(SEARCH_WORD, 'i'));
  await page.keyboard.press('Escape');

  // Delete it.
  await searchLeads(page, 'wren journey');
  await row.getByRole('button', { name: 'Delete lead' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Lead deleted successfully')).toBeVisible();
  await expect(page.getByTestId('lead-row')).toHaveCount(0);
  expect(await dashboardCount(page, 'Total Leads')).toBe(totalBefore);
});

test('shows markup in a lead as text, never as HTML', async ({ page, request }) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const name = '<img src=x onerror="window.__xss=1">';
  await seedLead(api, {
    email: 'markup.test@example.org',
    parent_name: name,
    children: [{ name: '<b>bold</b>', age: 5 }],
  });
  await page.goto('/leads?search=markup.test');
  const row = page.getByTestId('lead-row').first();
  await expect(row).toContainText(name);
  await expect(row).toContainText('<b>bold</b>');
  await row.getByRole('button', { name: 'View lead' }).click();
  await expect(page.getByRole('dialog')).toContainText(name);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
});
