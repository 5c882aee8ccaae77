import { expect, test, type Page } from '@playwright/test';
import {
  adminApi,
  expectSegmentSize,
  findLead,
  seedChatLead,
  seedLead,
  seedResource,
  seedSegment,
  type AdminApi,
} from '../support/seed';
import { useApiSession } from '../support/session';

type Statistics = {
  totalLeads: number;
  newLeadsToday: number;
  completedConversations: number;
  resourceDownloads: number;
  activeSegments: number;
  sentCampaigns: number;
};

/** The figures before the journey seeds anything: other journeys of the run may have added theirs. */
async function statisticsNow({ request, headers }: AdminApi): Promise<Statistics> {
  const res = await request.get('/admin/dashboard', { headers });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { statistics: Statistics }).statistics;
}

/** The spec's score bands: green at 70 or above, yellow at 40 to 69, red below 40. */
const bandOf = (score: number) => (score >= 70 ? 'high' : score >= 40 ? 'medium' : 'low');

async function expectStatistic(page: Page, label: string, value: number) {
  const card = page
    .getByRole('list', { name: 'Statistics' })
    .getByRole('listitem')
    .filter({ hasText: label });
  await expect(card).toHaveText(`${label}${value.toLocaleString('en-US')}`);
}

test('the dashboard counts the families, lists the newest with their scores and the largest segments, and links to them', async ({
  page,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const before = await statisticsNow(api);

  // A segment every family is in, with a resource; then four families, oldest first: one in each
  // score band, and one from the chat (a completed conversation) who downloads the resource it offers.
  const everyFamily = await seedSegment(api, {
    name: 'every-family',
    inclusion_rules: { operator: 'AND', conditions: [{ field: 'email', operator: 'is_not_empty' }] },
  });
  await seedResource(api, {
    title: 'Open day programme',
    segmentIds: [everyFamily.id],
    files: [{ name: 'open-day.txt', mimeType: 'text/plain', buffer: Buffer.from('Doors open at 10.') }],
  });
  const urgent = await seedLead(api, {
    parent_name: 'Harper Dashboard',
    phone: '(555) 010-2020',
    phone_consent: true,
    timeline: 'Immediately',
    children: [{ name: 'Ivy Dashboard', age: 6, special_needs: ['ADHD'] }],
  });
  const planning = await seedLead(api, {
    parent_name: 'Jordan Dashboard',
    timeline: 'Immediately',
    children: [{ name: 'Jules Dashboard', age: 9 }],
  });
  const chatted = await seedChatLead(api, {
    parentName: 'Kendall Dashboard',
    email: 'kendall.dashboard@example.org',
    child: { name: 'Kit', age: 8 },
    question: 'How big are the classes?',
  });
  expect(chatted.offered.map((r) => r.title)).toEqual(['Open day programme']);
  expect((await request.get(chatted.offered[0]!.download_url)).ok()).toBe(true);
  // The download adds to the family's score.
  const chatting = (await findLead(api, chatted.email))!;
  expect(chatting.lead_score).toBeGreaterThan(chatted.lead_score);
  const browsing = await seedLead(api, {
    parent_name: 'Logan Dashboard',
    children: [{ name: 'Lou Dashboard' }],
  });
  expect([urgent, planning, browsing].map((lead) => bandOf(lead.lead_score))).toEqual([
    'high',
    'medium',
    'low',
  ]);
  const totalLeads = before.totalLeads + 4;
  await expectSegmentSize(api, everyFamily, totalLeads);

  // The six figures.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expectStatistic(page, 'Total Leads', totalLeads);
  await expectStatistic(page, 'New Today', before.newLeadsToday + 4);
  await expectStatistic(page, 'Completed Conversations', before.completedConversations + 1);
  await expectStatistic(page, 'Resource Downloads', before.resourceDownloads + 1);
  await expectStatistic(page, 'Active Segments', before.activeSegments + 1);
  await expectStatistic(page, 'Campaigns Sent', 0);

  // Recent Leads: the newest first, by child, email and a score badge in its band.
  const recent = page.getByRole('region', { name: 'Recent Leads' }).getByRole('listitem');
  await expect(recent).toHaveCount(Math.min(5, totalLeads));
  const newestFirst = [
    { lead: browsing, child: 'Lou Dashboard' },
    { lead: chatting, child: 'Kit' },
    { lead: planning, child: 'Jules Dashboard' },
    { lead: urgent, child: 'Ivy Dashboard' },
  ];
  for (const [i, { lead, child }] of newestFirst.entries()) {
    const item = recent.nth(i);
    await expect(item).toHaveText(`${child}${lead.email}${lead.lead_score}`);
    const badge = `Lead score ${lead.lead_score} (${bandOf(lead.lead_score)})`;
    await expect(item.getByTitle(badge)).toBeVisible();
  }

  // Top Segments: the segment everyone is in leads, with hyphens shown as spaces.
  const top = page.getByRole('region', { name: 'Top Segments' }).getByRole('listitem');
  await expect(top.first()).toHaveText(`${everyFamily.shownName}${totalLeads} leads`);

  // Its links: a recent lead opens that lead's profile, View all the leads list.
  await recent.nth(3).getByRole('link').click();
  await expect(page).toHaveURL(`/leads?lead=${urgent.id}`);
  const profile = page.getByRole('dialog');
  await expect(profile.getByText('Lead Profile')).toBeVisible();
  await expect(profile.getByText(urgent.parent_name).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: /^Dashboard/ }).click();
  await expect(page).toHaveURL('/');
  await page.getByRole('region', { name: 'Recent Leads' }).getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL('/leads');
  await expect(page.getByRole('heading', { name: 'Leads Management' })).toBeVisible();

  // And the side navigation reaches the segments the card counts.
  await nav.getByRole('link', { name: /^Segments/ }).click();
  await expect(page).toHaveURL('/segments');
  await expect(page.getByRole('heading', { name: everyFamily.shownName, exact: true })).toBeVisible();
});
