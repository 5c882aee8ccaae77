import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { adminApi, uniqueTag, type AdminApi } from '../support/seed';
import { useApiSession } from '../support/session';
import { sinkMessagesWithSubject, type SunkMessage } from '../support/smtp-sink';
import { campaignRow, seedCampaign, seedFamilies, seedSegmentWith } from './campaign-support';
import { csvCells, csvLines } from '../support/csv';

// The issue 24 journey: a campaign goes to three families through the local SMTP sink; one family
// opens it (its pixel), two click a link (one of them twice, and once more with a HEAD as link
// scanners do); the admin sees opens 1 and clicks 2 with their rates on the row, in the preview and
// on the History tab, and reads the same figures back from the History CSV. A tampered click link
// is refused with a plain 400 page, never a redirect.

const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1280, height: 900 };
/** A person's browser: link scanners and bots are not counted, so the journey clicks as a person. */
const BROWSER_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const DESTINATION = 'https://example.org/open-day?from=email';

async function approvePublishAndSend(api: AdminApi, id: string) {
  for (const step of ['approve', 'publish', 'send']) {
    const res = await api.request.post(`/api/campaigns/${id}/${step}`, { headers: api.headers, data: {} });
    expect(res.ok(), `${step}: ${await res.text()}`).toBe(true);
  }
}

async function expectDelivered(page: Page, subject: string, count: number) {
  await expect
    .poll(async () => (await sinkMessagesWithSubject(page.request, subject)).length, { timeout: 30_000 })
    .toBe(count);
  return sinkMessagesWithSubject(page.request, subject);
}

const unescape = (href: string) => href.replace(/&amp;/g, '&');

/** The tracked links (/c/{token}) and the open pixel (/o/{token}) of one message's HTML. */
function trackingOf(message: SunkMessage) {
  const clicks = [...message.html.matchAll(/href="(https?:\/\/[^"]+\/c\/[^"]+)"/g)].map((m) =>
    unescape(m[1]!),
  );
  const pixel = /<img[^>]+src="(https?:\/\/[^"]+\/o\/[^"]+)"/.exec(message.html)?.[1];
  return { clicks, pixel: pixel ? unescape(pixel) : undefined };
}

/** Changes one character of the token at the end of a tracked URL (a tampered link). */
function tamper(url: string): string {
  const at = url.length - 5;
  const swapped = url[at] === 'A' ? 'B' : 'A';
  return `${url.slice(0, at)}${swapped}${url.slice(at + 1)}`;
}

type Stats = { sent: number; opens: number; clicks: number; open_rate: number; click_rate: number };

async function statsOf(api: AdminApi, id: string): Promise<Stats> {
  const res = await api.request.get(`/api/campaigns/${id}/stats`, { headers: api.headers });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { stats: Stats }).stats;
}

async function csvRows(download: Download): Promise<string[][]> {
  const text = fs.readFileSync(await download.path(), 'utf8');
  return csvLines(text).map(csvCells);
}

test('opens and clicks are counted once per family and link, shown with their rates, and exported', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(request, await useApiSession(page, request));
  const tag = uniqueTag();
  const families = await seedFamilies(api, 3);
  const segmentName = `results-${tag}`;
  const segment = await seedSegmentWith(
    api,
    segmentName,
    families.map((f) => f.id),
  );
  const name = `Open day results ${tag}`;
  const subject = `Visit us on Saturday ${tag}`;
  const campaign = await seedCampaign(api, segment, {
    name,
    subject,
    content_html: `<p>Dear {{parent_name}},</p><p><a href="${DESTINATION}">Book a visit</a></p><p>Questions? <a href="mailto:office@example.org">Write to us</a>.</p>`,
  });
  await approvePublishAndSend(api, campaign.id);

  // Three messages at the sink, each with its own tracked link and pixel; mailto is left alone.
  const messages = await expectDelivered(page, subject, 3);
  const tracked = messages.map(trackingOf);
  for (const [index, t] of tracked.entries()) {
    expect(t.clicks, `message ${index} tracked links`).toHaveLength(1);
    expect(t.pixel, `message ${index} pixel`).toBeTruthy();
    expect(messages[index]!.html).toContain('mailto:office@example.org');
    expect(messages[index]!.html).not.toContain(DESTINATION);
  }
  expect(new Set(tracked.map((t) => t.clicks[0])).size).toBe(3);

  // A tampered link is refused: 400, a plain page, no redirect.
  const refused = await page.request.get(tamper(tracked[0]!.clicks[0]!), {
    maxRedirects: 0,
    headers: { 'User-Agent': BROWSER_UA },
  });
  expect(refused.status()).toBe(400);
  expect(refused.headers().location).toBeUndefined();
  expect(await refused.text()).not.toContain('example.org');

  // A link scanner's HEAD is not a click.
  const head = await page.request.head(tracked[2]!.clicks[0]!, { maxRedirects: 0 });
  expect(head.status()).toBeLessThan(500);

  // Family 1 opens the message (its mail app loads the pixel) and clicks twice; family 2 clicks once.
  const pixel = await page.request.get(tracked[0]!.pixel!, { headers: { 'User-Agent': BROWSER_UA } });
  expect(pixel.status()).toBe(200);
  expect(pixel.headers()['content-type']).toContain('image/gif');
  for (const url of [tracked[0]!.clicks[0]!, tracked[0]!.clicks[0]!, tracked[1]!.clicks[0]!]) {
    const click = await page.request.get(url, { maxRedirects: 0, headers: { 'User-Agent': BROWSER_UA } });
    expect(click.status()).toBe(302);
    expect(click.headers().location).toBe(DESTINATION);
  }

  await expect.poll(() => statsOf(api, campaign.id)).toMatchObject({ sent: 3, opens: 1, clicks: 2 });
  const stats = await statsOf(api, campaign.id);
  expect(stats.open_rate).toBeCloseTo(1 / 3, 6);
  expect(stats.click_rate).toBeCloseTo(2 / 3, 6);

  // The campaign row and its preview show the figures.
  await page.setViewportSize(DESKTOP);
  await page.goto('/campaigns');
  const row = campaignRow(page, name);
  await expect(row.getByTestId('row-stats')).toHaveText(/33\.3% opened · 66\.7% clicked/);
  await row.getByRole('button', { name: `Preview ${name}` }).click();
  const preview = page.getByRole('dialog', { name });
  const panel = preview.getByTestId('campaign-stats');
  const figure = (label: string) =>
    panel.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(figure('Sent')).toHaveText('3');
  await expect(figure('Opens')).toHaveText('1');
  await expect(figure('Clicks')).toHaveText('2');
  await expect(figure('Open rate')).toHaveText('33.3%');
  await expect(figure('Click rate')).toHaveText('66.7%');
  await expect(panel).toContainText('Opens are estimates');
  await panel.screenshot({ path: test.info().outputPath('campaign-stats-panel.png') });
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // The History tab lists it with the same figures, filtered by the text and by today's date.
  await page.goto('/campaigns?tab=history');
  // The school's open-tracking switch: turned off and on again, saved on the server each time.
  const trackOpens = page.getByRole('switch', { name: 'Track opens' });
  await expect(trackOpens).toHaveAttribute('aria-checked', 'true');
  for (const enabled of [false, true]) {
    await trackOpens.click();
    await expect(trackOpens).toHaveAttribute('aria-checked', String(enabled));
    await expect(trackOpens).toBeEnabled();
    const setting = await api.request.get('/api/campaigns/tracking-settings', { headers: api.headers });
    expect(await setting.json()).toEqual({ settings: { open_tracking_enabled: enabled } });
  }
  await page.getByLabel('Search sent campaigns').fill(tag);
  const historyRow = page.getByTestId('history-row').filter({ hasText: name });
  await expect(historyRow).toHaveCount(1);
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  for (const text of [subject, segmentName, '33.3%', '66.7%']) await expect(historyRow).toContainText(text);
  // Days in the school's time zone (the e2e server's default, UTC): the send was moments ago.
  const sentDay = {
    today: new Date().toISOString().slice(0, 10),
    yesterday: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
  };
  await page.getByLabel('Sent to').fill(sentDay.yesterday);
  await expect(page.getByText('No sent campaigns match these filters')).toBeVisible();
  await page.getByLabel('Sent from').fill(sentDay.today);
  await expect(page.getByText('The start date must be on or before the end date')).toBeVisible();
  await page.getByLabel('Sent to').fill(sentDay.today);
  await expect(historyRow).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('history-tab-1280.png'), fullPage: true });
  await page.setViewportSize(TABLET);
  await page.screenshot({ path: test.info().outputPath('history-tab-tablet.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);

  // The CSV, with the same filters, carries the same figures (rates as percentages, 1 decimal).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^campaign-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = await csvRows(download);
  expect(header).toEqual([
    'Campaign Name',
    'Subject',
    'Sent Date',
    'Segments',
    'Recipients',
    'Opens',
    'Clicks',
    'Open Rate',
    'Click Rate',
  ]);
  expect(rows).toHaveLength(1);
  const cells = rows[0]!;
  expect(cells[0]).toBe(name);
  expect(cells[1]).toBe(subject);
  expect(cells[2]).toBeTruthy();
  expect(cells[3]).toContain(segmentName);
  expect(cells.slice(4)).toEqual(['3', '1', '2', '33.3%', '66.7%']);
});
