import { expect, test, type Page } from '@playwright/test';
import { sendMailerliteEvent } from '../support/mailerlite';
import { adminApi, findLead, seedChat, uniqueTag, type AdminApi, type SeededLead } from '../support/seed';
import { useApiSession } from '../support/session';

type Figures = {
  stats: { total_conversations: number; unique_visitors: number; converted_conversations: number };
  funnel: {
    total_visitors: number;
    total_conversations: number;
    conversations_with_name: number;
    conversations_with_email: number;
    total_leads: number;
  };
  health: { unsubscribed: number };
};

/** The figures the screens show for the default period (30 days): other journeys of the run add theirs. */
async function figuresNow({ request, headers }: AdminApi): Promise<Figures> {
  const get = async (url: string) => {
    const res = await request.get(url, { headers });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const [stats, funnel, health] = await Promise.all([
    get('/api/analytics/conversation-stats?period=30d'),
    get('/api/analytics/funnel?period=30d'),
    get('/api/leads/email-health'),
  ]);
  return { stats: stats.overview, funnel, health };
}

/** One figure of a definition list (a label and its value), by its exact label. */
const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
    .locator('dd')
    .first();

const count = (n: number) => n.toLocaleString('en-US');

test('analytics count the chats, find them, show one with its highlights, and follow an unsubscribe from MailerLite', async ({
  page,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const before = await figuresNow(api);

  // Three visitors chat, each asking a question with the journey's own word in it: one gives
  // everything and becomes a lead, one gives a name only, one gives nothing.
  const tag = uniqueTag();
  const word = `quokka${tag}`;
  const family = { parent: 'Robin Analytics', email: `robin.analytics.${tag}@example.org` };
  const converted = await seedChat(request, [
    `Do you have a ${word} club?`,
    `My name is ${family.parent}`,
    family.email,
    'My daughter Wren is 8',
  ]);
  let lead: SeededLead | undefined;
  await expect.poll(async () => (lead = await findLead(api, family.email))).toBeDefined();
  const named = await seedChat(request, [`When is the ${word} open day?`, 'My name is Sasha Analytics']);
  const silent = await seedChat(request, [`How much are the ${word} fees?`]);

  // The overview counts them.
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Conversation Analytics' })).toBeVisible();
  await expect(figure(page, 'Total conversations')).toHaveText(count(before.stats.total_conversations + 3));
  await expect(figure(page, 'Unique visitors')).toHaveText(count(before.stats.unique_visitors + 3));
  await expect(figure(page, 'Converted')).toHaveText(count(before.stats.converted_conversations + 1));

  // So does the funnel: three visitors, three conversations, two names, one email, one lead.
  const after = await figuresNow(api);
  expect(after.funnel).toMatchObject({
    total_visitors: before.funnel.total_visitors + 3,
    total_conversations: before.funnel.total_conversations + 3,
    conversations_with_name: before.funnel.conversations_with_name + 2,
    conversations_with_email: before.funnel.conversations_with_email + 1,
    total_leads: before.funnel.total_leads + 1,
  });
  await page.getByRole('tab', { name: 'Conversion Funnel' }).click();
  for (const [label, n] of [
    ['Visitors', after.funnel.total_visitors],
    ['With name', after.funnel.conversations_with_name],
    ['Leads', after.funnel.total_leads],
  ] as const) {
    const stage = page.locator('ol > li').filter({ has: page.getByText(label, { exact: true }) });
    await expect(stage).toHaveText(new RegExp(`${label}${count(n)}$`));
  }

  // All Conversations finds the three by what was said, and the lead's by its email.
  await page.getByRole('tab', { name: 'All Conversations' }).click();
  const rows = page.getByTestId('conversation-row');
  await page.getByLabel('Search in messages').fill(word);
  await expect(page).toHaveURL(new RegExp(`messageSearch=${word}`));
  await expect(rows).toHaveCount(3);
  await page.getByLabel('Search conversations').fill(family.email);
  await expect(page).toHaveURL(/search=/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(lead!.parent_name);
  await page.getByLabel('Search conversations').fill('');
  await expect(rows).toHaveCount(3);

  // A status filter change returns to page 1.
  await page.goto(`/analytics?tab=conversations&messageSearch=${word}&page=2`);
  await expect(page.getByText('No data available')).toBeVisible();
  await page.getByLabel('Status').selectOption('in_progress');
  await expect(page).not.toHaveURL(/page=/);
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Status').selectOption('converted');
  await expect(rows).toHaveCount(1);

  // The row opens the conversation: the messages, the email and the name highlighted, and the jump.
  await rows.getByRole('link', { name: `Open conversation with ${family.email}` }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics/conversation/${converted.conversationId}$`));
  await expect(page.getByRole('heading', { name: `Conversation with ${lead!.parent_name}` })).toBeVisible();
  const messages = page.getByRole('list', { name: 'Messages' }).locator(':scope > li');
  const message = (text: string) => messages.filter({ hasText: text });
  await expect(message(`Do you have a ${word} club?`)).toBeVisible();
  await expect(message(family.email).getByRole('list', { name: 'Highlights' })).toContainText(
    'Email address',
  );
  await expect(
    message(`My name is ${family.parent}`).getByRole('list', { name: 'Highlights' }),
  ).toContainText('Name');
  await page.getByRole('button', { name: 'Jump to lead-creation message' }).click();
  await expect(message(family.email)).toBeFocused();
  await expect(message(family.email)).toContainText('Lead created here');

  // The other two open too, without a lead to jump to.
  for (const other of [named, silent]) {
    await page.goto(`/analytics/conversation/${other.conversationId}`);
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText(word);
    await expect(page.getByRole('button', { name: 'Jump to lead-creation message' })).toHaveCount(0);
  }

  // MailerLite reports the family unsubscribed: the email health card and the profile follow.
  await sendMailerliteEvent(request, 'subscriber.unsubscribed', family.email, { reason: 'Moved away' });
  await expect
    .poll(async () => (await figuresNow(api)).health.unsubscribed)
    .toBe(before.health.unsubscribed + 1);
  await page.goto('/analytics');
  await expect(figure(page, 'Unsubscribed')).toHaveText(count(before.health.unsubscribed + 1));

  await page.goto(`/leads?search=${encodeURIComponent(family.email)}`);
  await page
    .getByTestId('lead-row')
    .filter({ hasText: lead!.email })
    .getByRole('button', { name: 'View lead' })
    .click();
  const emailStatus = page.getByRole('dialog').getByRole('region', { name: 'Email Status' });
  await expect(emailStatus.locator('dd').first()).toHaveText('Unsubscribed');
  await expect(emailStatus).toContainText('MailerLite');
  await expect(emailStatus).toContainText('Moved away');
  await expect(emailStatus.getByRole('button', { name: 'Resubscribe' })).toBeVisible();
});
