import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, uniqueTag, type AdminApi } from '../support/seed';
import { useApiSession } from '../support/session';
import { seedCampaign, seedFamilies, seedSegmentWith } from './campaign-support';

// The issue 24 calendar journey: five published campaigns scheduled through the API, two on one
// day and three on another; the Schedule tab shows '+1 more' on the busy day, the day's list, and a
// Reschedule through the Schedule Campaign dialog that moves one campaign to another day.

// The browser reads times in New York; the campaigns were scheduled from London (the school's zone).
const BROWSER_ZONE = 'America/New_York';
const SCHOOL_ZONE = 'Europe/London';
test.use({ timezoneId: BROWSER_ZONE });

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC calendar date `days` from today, YYYY-MM-DD. */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 'December 2026': the calendar's title for a YYYY-MM-DD day. */
const monthTitleOf = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** An instant's 12-hour time in the browser's zone, as the calendar writes it: '10:00 AM'. */
const time12 = (instant: string) =>
  new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: BROWSER_ZONE,
  }).format(new Date(instant));

/** An instant's 24-hour time in the browser's zone, as the time input holds it: '12:00'. */
const time24 = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: BROWSER_ZONE,
  }).format(new Date(instant));

/** The YYYY-MM-DD day an instant falls on in a zone. */
const dayIn = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );

async function approveAndPublish(api: AdminApi, id: string) {
  for (const step of ['approve', 'publish']) {
    const res = await api.request.post(`/api/campaigns/${id}/${step}`, { headers: api.headers, data: {} });
    expect(res.ok(), `${step}: ${await res.text()}`).toBe(true);
  }
}

async function schedule(api: AdminApi, id: string, instant: string) {
  const res = await api.request.post(`/api/campaigns/${id}/schedule`, {
    headers: api.headers,
    data: { scheduled_for: instant, time_zone: SCHOOL_ZONE },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function scheduledFor(api: AdminApi, id: string): Promise<string> {
  const res = await api.request.get(`/api/campaigns/${id}`, { headers: api.headers });
  expect(res.ok(), await res.text()).toBe(true);
  const { campaign } = (await res.json()) as { campaign: { scheduled_for: string; publish_status: string } };
  expect(campaign.publish_status).toBe('scheduled');
  return campaign.scheduled_for;
}

/** Pages the calendar forward (or back) until it shows the month of `day`. */
async function showMonthOf(page: Page, day: string) {
  const title = page.locator('#calendar-month-title');
  const wanted = monthTitleOf(day);
  for (let i = 0; i < 3 && (await title.textContent()) !== wanted; i++) {
    const shown = new Date(`${(await title.textContent()) ?? ''} 1 UTC`).getTime();
    const target = new Date(`${wanted} 1 UTC`).getTime();
    await page.getByRole('button', { name: target > shown ? 'Next month' : 'Previous month' }).click();
  }
  await expect(title).toHaveText(wanted);
}

const dayCell = (page: Page, day: string): Locator => page.locator(`[role="gridcell"][data-day="${day}"]`);

test('scheduled campaigns fill the calendar, two to a cell plus more, and one is moved to another day', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(request, await useApiSession(page, request));
  const tag = uniqueTag();
  const families = await seedFamilies(api, 1);
  const segment = await seedSegmentWith(
    api,
    `calendar-${tag}`,
    families.map((f) => f.id),
  );

  // Two on one day and three on the next, all at 15:00-17:00 UTC: the same day in New York and London.
  const twoDay = dayFromToday(9);
  const threeDay = dayFromToday(10);
  const moveTo = dayFromToday(12);
  const plan = [
    { name: `Open day ${tag}`, at: `${twoDay}T15:00:00Z` },
    { name: `Therapy services ${tag}`, at: `${twoDay}T16:30:00Z` },
    { name: `Welcome pack ${tag}`, at: `${threeDay}T15:00:00Z` },
    { name: `Parent evening ${tag}`, at: `${threeDay}T16:00:00Z` },
    { name: `Deadline reminder ${tag}`, at: `${threeDay}T17:00:00Z` },
  ];
  const ids: string[] = [];
  for (const item of plan) {
    const campaign = await seedCampaign(api, segment, { name: item.name, subject: `About ${item.name}` });
    await approveAndPublish(api, campaign.id);
    await schedule(api, campaign.id, item.at);
    ids.push(campaign.id);
  }

  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/campaigns?tab=schedule');
  await expect(page.getByRole('grid')).toBeVisible();
  await showMonthOf(page, threeDay);

  // Sunday first; the day with three lists two and '+1 more', the day with two lists both.
  await expect(page.getByRole('columnheader').first()).toHaveText('Sun');
  const busy = dayCell(page, threeDay);
  await expect(busy).toContainText(time12(plan[2]!.at));
  await expect(busy).toContainText(`Welcome pack ${tag}`);
  await expect(busy).toContainText(`Parent evening ${tag}`);
  await expect(busy).not.toContainText(`Deadline reminder ${tag}`);
  await expect(busy).toContainText('+1 more');
  await expect(busy).toHaveAttribute('aria-label', /3 campaigns scheduled$/);
  if (monthTitleOf(twoDay) === monthTitleOf(threeDay)) {
    await expect(dayCell(page, twoDay)).toContainText(`Therapy services ${tag}`);
    await expect(dayCell(page, twoDay)).not.toContainText('more');
  }

  // Select the busy day with the keyboard: its three campaigns are listed, each movable.
  await busy.click();
  const list = page.getByRole('list', { name: /^Campaigns on / });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').nth(2)).toContainText(time12(plan[4]!.at));
  await expect(list.getByRole('listitem').nth(2)).toContainText(`About Deadline reminder ${tag}`);
  // Scheduled from London: the time there is shown beside New York's.
  await expect(list.getByRole('listitem').nth(2)).toContainText(`(${SCHOOL_ZONE})`);
  await expect(list.getByRole('button', { name: /^Reschedule / })).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('calendar-1280.png'), fullPage: true });

  // Reschedule the third through the Schedule Campaign dialog, prefilled with its current time.
  await list.getByRole('button', { name: `Reschedule Deadline reminder ${tag}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Campaign' });
  await expect(dialog.getByLabel('Date')).toHaveValue(threeDay);
  await expect(dialog.getByLabel('Time', { exact: true })).toHaveValue(time24(plan[4]!.at));
  await expect(dialog.getByLabel('Time zone')).toHaveValue(BROWSER_ZONE);
  await dialog.getByLabel('Date').fill(moveTo);
  await dialog.getByLabel('Time', { exact: true }).fill('11:30');
  const moved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/campaigns/${ids[4]}/schedule`) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Reschedule', exact: true }).click();
  expect((await moved).status()).toBe(200);
  await expect(dialog).toBeHidden();

  // The calendar refreshes: the busy day has two and no '+1 more'; the campaign is on its new day.
  await expect(busy).not.toContainText('+1 more');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await showMonthOf(page, moveTo);
  await expect(dayCell(page, moveTo)).toContainText(`Deadline reminder ${tag}`);
  await expect(dayCell(page, moveTo)).toContainText('11:30 AM');
  const instant = await scheduledFor(api, ids[4]!);
  expect(dayIn(instant, BROWSER_ZONE)).toBe(moveTo);
  expect(time24(instant)).toBe('11:30');

  // Keyboard: focus the new day's cell, step back to the busy day, select it with Enter.
  await dayCell(page, moveTo).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await showMonthOf(page, threeDay);
  await expect(dayCell(page, threeDay)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dayCell(page, threeDay)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: /^Campaigns on / }).getByRole('listitem')).toHaveCount(2);

  // A tablet: the grid still fits; cells show names (or a count where narrow).
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('grid')).toBeVisible();
  const box = await page.getByRole('grid').boundingBox();
  expect(box && box.width <= 768).toBe(true);
  await page.screenshot({ path: test.info().outputPath('calendar-768.png'), fullPage: true });
});
