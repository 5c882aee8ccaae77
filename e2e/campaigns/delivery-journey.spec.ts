import { expect, test, type Page } from '@playwright/test';
import { adminApi, findLead, uniqueTag, type AdminApi } from '../support/seed';
import { useApiSession } from '../support/session';
import {
  listUnsubscribeUrl,
  sinkMessages,
  sinkMessagesWithSubject,
  type SunkMessage,
} from '../support/smtp-sink';
import {
  campaignRow,
  seedCampaign,
  seedFamilies,
  seedSegmentWith,
  type ApiCampaign,
} from './campaign-support';

// The issue 23 journey: approve, publish, schedule, send now, unsubscribe, and the next campaign
// skips who said stop. The e2e server sends through SMTP into the local sink
// (support/smtp-sink-server.ts), which the journey reads back.

/** The campaign as the API answers it (the fields this journey reads). */
type Sent = ApiCampaign & {
  publish_status: string;
  sent_at: string | null;
  delivery: { status: string } | null;
};

async function campaignOf(api: AdminApi, id: string): Promise<Sent> {
  const res = await api.request.get(`/api/campaigns/${id}`, { headers: api.headers });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { campaign: Sent }).campaign;
}

/** Approved (by the admin, audited) and published through the API: the setup of the later campaigns. */
async function approveAndPublish(api: AdminApi, id: string) {
  for (const step of ['approve', 'publish']) {
    const res = await api.request.post(`/api/campaigns/${id}/${step}`, { headers: api.headers, data: {} });
    expect(res.ok(), `${step}: ${await res.text()}`).toBe(true);
  }
}

/** The recipients (envelope addresses) of the messages with this subject, sorted. */
const recipientsOf = (messages: SunkMessage[]) =>
  messages.flatMap((m) => m.to.map((t) => t.toLowerCase())).sort();

/** Waits until the sink holds `count` messages with this subject, and answers them. */
async function expectDelivered(page: Page, subject: string, count: number, timeout = 30_000) {
  await expect
    .poll(async () => (await sinkMessagesWithSubject(page.request, subject)).length, { timeout })
    .toBe(count);
  return sinkMessagesWithSubject(page.request, subject);
}

/** The unsubscribe link in a message's HTML body (every campaign email carries one). */
function unsubscribeLinkIn(html: string): string {
  const href = /href="(https?:\/\/[^"]+\/u\/[^"]+)"/.exec(html)?.[1];
  expect(href, 'an unsubscribe link in the HTML').toBeTruthy();
  return href!.replace(/&amp;/g, '&');
}

test('a campaign is approved, published, scheduled and sent; parents who unsubscribe get no more', async ({
  page,
  request,
}) => {
  test.setTimeout(200_000);
  const api = await adminApi(request, await useApiSession(page, request));
  const tag = uniqueTag();
  const families = await seedFamilies(api, 4);
  const emails = families.map((f) => f.email.toLowerCase()).sort();
  const segment = await seedSegmentWith(
    api,
    `delivery-${tag}`,
    families.map((f) => f.id),
  );
  const content = '<p>Dear {{parent_name}},</p><p>Our open day is on Saturday.</p>';
  const scheduledName = `Scheduled ${tag}`;
  const scheduledSubject = `Open day on Saturday ${tag}`;
  const scheduled = await seedCampaign(api, segment, {
    name: scheduledName,
    subject: scheduledSubject,
    content_html: content,
  });
  const link = await api.request.post(`/api/campaigns/${scheduled.id}/create-approval-link`, {
    headers: api.headers,
    data: {},
  });
  expect(link.ok(), await link.text()).toBe(true);

  // The admin approves it directly (pending), then publishes it.
  await page.goto('/campaigns');
  const row = campaignRow(page, scheduledName);
  await expect(row).toContainText('Pending Approval');
  await row.getByRole('button', { name: `Approve ${scheduledName}` }).click();
  const approve = page.getByRole('dialog', { name: 'Approve campaign' });
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approve).toBeHidden();
  await expect(row).toContainText('Approved');
  await row.getByRole('button', { name: `Publish: ${scheduledName}` }).click();
  await expect(row).toContainText('Published');

  // Schedule it for the next whole minute at least 25 s away, in the browser's own time zone.
  await row.getByRole('button', { name: `Schedule ${scheduledName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Campaign' });
  const defaults = await page.evaluate(() => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    return {
      date: `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`,
      zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
  });
  // Tomorrow at 09:00 by default, the browser's zone shown read-only.
  await expect(dialog.getByLabel('Date')).toHaveValue(defaults.date);
  await expect(dialog.getByLabel('Time', { exact: true })).toHaveValue('09:00');
  await expect(dialog.getByLabel('Time zone')).toHaveValue(defaults.zone);
  await expect(dialog.getByLabel('Time zone')).toHaveAttribute('readonly', '');
  // Client checks: both fields, and a time in the future.
  await dialog.getByLabel('Time', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog.getByText('Please select both date and time')).toBeVisible();
  const past = await page.evaluate(() => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const d = new Date(Date.now() - 3_600_000);
    return {
      date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
    };
  });
  await dialog.getByLabel('Date').fill(past.date);
  await dialog.getByLabel('Time', { exact: true }).fill(past.time);
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog.getByText('Schedule time must be in the future')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('schedule-dialog.png') });

  const target = await page.evaluate(() => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const at = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
    return {
      date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
      instant: at.getTime(),
    };
  });
  await dialog.getByLabel('Date').fill(target.date);
  await dialog.getByLabel('Time', { exact: true }).fill(target.time);
  const scheduleCall = page.waitForResponse(
    (r) => r.url().endsWith(`/api/campaigns/${scheduled.id}/schedule`) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  const scheduleAnswer = await scheduleCall;
  expect(scheduleAnswer.status(), await scheduleAnswer.text()).toBe(200);
  expect(scheduleAnswer.request().postDataJSON()).toEqual({
    scheduled_for: new Date(target.instant).toISOString(),
    time_zone: defaults.zone,
  });
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Scheduled');
  await expect(row.getByTestId('scheduled-time')).toContainText(/\d{1,2}:\d{2} (AM|PM)/);
  await expect(row.getByRole('button', { name: `Cancel Schedule: ${scheduledName}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Send Now: ${scheduledName}` })).toHaveCount(0);

  // Meanwhile a second campaign is sent now, through the confirmation.
  const nowName = `Send now ${tag}`;
  const nowSubject = `Term dates ${tag}`;
  const sendNow = await seedCampaign(api, segment, {
    name: nowName,
    subject: nowSubject,
    content_html: content,
  });
  await approveAndPublish(api, sendNow.id);
  await page.reload();
  const nowRow = campaignRow(page, nowName);
  await expect(nowRow).toContainText('Published');
  await nowRow.getByRole('button', { name: `Send Now: ${nowName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Send Now' });
  await expect(
    confirm.getByText('Send this campaign now to 4 families? This cannot be undone.'),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('send-now-confirm.png') });
  await confirm.getByRole('button', { name: 'Send Now' }).click();
  await expect(confirm).toBeHidden();
  const nowMessages = await expectDelivered(page, nowSubject, 4);
  expect(recipientsOf(nowMessages)).toEqual(emails);
  expect(new Set(nowMessages.map((m) => m.messageId)).size).toBe(4);
  await expect(nowRow).toContainText('sent 4 of 4', { timeout: 15_000 });
  await expect(nowRow).toContainText('Sent');

  // Every message carries the one-click unsubscribe headers (RFC 8058) and a link in its body.
  for (const m of nowMessages) {
    expect(m.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(listUnsubscribeUrl(m.listUnsubscribe)).toMatch(/^http:\/\/localhost:\d+\/u\/\S+$/);
    expect(unsubscribeLinkIn(m.html)).toBe(listUnsubscribeUrl(m.listUnsubscribe));
  }

  // The scheduled campaign has not gone before its time, and goes after it: one message each.
  if (Date.now() < target.instant - 2_000)
    expect(await sinkMessagesWithSubject(page.request, scheduledSubject)).toHaveLength(0);
  const scheduledMessages = await expectDelivered(
    page,
    scheduledSubject,
    4,
    Math.max(0, target.instant - Date.now()) + 60_000,
  );
  expect(recipientsOf(scheduledMessages)).toEqual(emails);
  for (const m of scheduledMessages) expect(m.receivedAt).toBeGreaterThanOrEqual(target.instant);
  await expect(row).toContainText('sent 4 of 4', { timeout: 20_000 });
  await expect(row).toContainText('Sent');
  expect((await campaignOf(api, scheduled.id)).sent_at).not.toBeNull();
  await page.screenshot({ path: test.info().outputPath('campaigns-sent.png'), fullPage: true });

  // One parent follows the link in the email: a plain page with one button.
  const [first, second] = [families[0]!, families[1]!];
  const firstMessage = nowMessages.find((m) => m.to.includes(first.email))!;
  const parent = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 375, height: 740 } });
  const parentPage = await parent.newPage();
  const base = test.info().project.use.baseURL ?? '';
  await parentPage.goto(base + new URL(unsubscribeLinkIn(firstMessage.html)).pathname);
  await expect(parentPage.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  await parentPage.screenshot({ path: test.info().outputPath('unsubscribe-page-phone.png') });
  await parentPage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(parentPage.getByText('You have been unsubscribed').first()).toBeVisible();
  await parentPage.screenshot({ path: test.info().outputPath('unsubscribed-phone.png') });
  await parent.close();

  // Another's mail client uses the one-click POST (no page, no confirmation).
  const secondMessage = nowMessages.find((m) => m.to.includes(second.email))!;
  const oneClick = await page.request.post(
    new URL(listUnsubscribeUrl(secondMessage.listUnsubscribe)).pathname,
    {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    },
  );
  expect(oneClick.status(), await oneClick.text()).toBe(200);

  // The admin sees both unsubscribed.
  for (const family of [first, second])
    await expect
      .poll(
        async () =>
          ((await findLead(api, family.email)) as { email_status?: string } | undefined)?.email_status,
      )
      .toBe('unsubscribed');

  // The next campaign reaches only the other two.
  const nextName = `After unsubscribe ${tag}`;
  const nextSubject = `Uniform sale ${tag}`;
  const next = await seedCampaign(api, segment, {
    name: nextName,
    subject: nextSubject,
    content_html: content,
  });
  await approveAndPublish(api, next.id);
  const sent = await api.request.post(`/api/campaigns/${next.id}/send`, { headers: api.headers, data: {} });
  expect(sent.status(), await sent.text()).toBe(202);
  await expect
    .poll(async () => (await campaignOf(api, next.id)).delivery?.status, { timeout: 30_000 })
    .toBe('completed');
  const nextMessages = await sinkMessagesWithSubject(page.request, nextSubject);
  expect(recipientsOf(nextMessages)).toEqual(
    [families[2]!.email, families[3]!.email].map((e) => e.toLowerCase()).sort(),
  );
  expect((await sinkMessages(page.request, first.email)).map((m) => m.subject)).not.toContain(nextSubject);
  expect((await sinkMessages(page.request, second.email)).map((m) => m.subject)).not.toContain(nextSubject);
});

/** A row of the campaigns list as the server answers it (GET /api/campaigns). */
function listRow(id: string, name: string, fields: Record<string, unknown>) {
  return {
    id,
    name,
    subject: `${name}: news for {{parent_name}}`,
    segment_id: 's-1',
    segment_name: 'Prospective families',
    segment_leads: 1340,
    estimated_recipients: 1250,
    target_segment_count: 1,
    approval_status: 'approved',
    publish_status: 'published',
    has_approval_link: false,
    approval_feedback: null,
    approved_by_email: 'head@school.example',
    approved_at: '2026-11-20T10:00:00.000Z',
    scheduled_for: null,
    scheduled_time_zone: null,
    sent_at: null,
    delivery: null,
    created_at: '2026-11-18T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    final_version_number: 1,
    current_version_number: 1,
    template_id: null,
    generation_metadata: {
      personalization_level: 'medium',
      generated_by: 'manual',
      data_validation: {
        quality_score: 86,
        quality_color: 'green',
        segment_leads: 1340,
        sendable_leads: 1250,
        excluded_leads: 90,
      },
    },
    badge: 'Published',
    actions: ['schedule', 'send'],
    ...fields,
  };
}

const delivery = (fields: Record<string, unknown>) => ({
  status: 'sending',
  total: 1250,
  sent: 0,
  failed: 0,
  skipped: 0,
  pending: 1250,
  paused_reason: null,
  started_at: '2026-11-24T07:00:00.000Z',
  finished_at: null,
  provider: 'smtp',
  ...fields,
});

test('the table shows a scheduled, a sending and a paused campaign (screenshots)', async ({
  page,
  request,
}) => {
  await useApiSession(page, request);
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
  inTwoDays.setUTCHours(14, 0, 0, 0);
  const rows = [
    listRow('c-scheduled', 'Open day invitation', {
      publish_status: 'scheduled',
      badge: 'Scheduled',
      scheduled_for: inTwoDays.toISOString(),
      scheduled_time_zone: 'America/New_York',
      actions: ['cancel_schedule'],
    }),
    listRow('c-sending', 'Term dates', {
      publish_status: 'sent',
      badge: 'Sent',
      delivery: delivery({ sent: 812, failed: 3, pending: 435 }),
      actions: ['pause'],
    }),
    listRow('c-paused', 'Uniform sale', {
      publish_status: 'sent',
      badge: 'Sent',
      delivery: delivery({
        status: 'paused',
        sent: 240,
        failed: 10,
        skipped: 2,
        pending: 998,
        paused_reason:
          'Paused automatically after 10 consecutive failed messages. Check the email settings, then resume.',
      }),
      actions: ['resume'],
    }),
    listRow('c-published', 'Autumn newsletter', {}),
  ];
  const byId = new Map(rows.map((r) => [r.id, r]));
  await page.route(/\/api\/campaigns(\?.*)?$/, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { campaigns: rows, total: rows.length } })
      : route.fallback(),
  );
  await page.route(/\/api\/campaigns\/c-[a-z]+$/, (route) => {
    const id = /\/api\/campaigns\/(c-[a-z]+)$/.exec(route.request().url())![1]!;
    const row = byId.get(id)!;
    return route.fulfill({
      json: {
        campaign: {
          ...row,
          content_html: '<p>Dear {{parent_name}},</p>',
          content_text: 'Dear {{parent_name}},',
        },
      },
    });
  });
  await page.route(/\/api\/campaigns\/(c-[a-z]+)\/delivery$/, (route) => {
    const id = /\/api\/campaigns\/(c-[a-z]+)\/delivery$/.exec(route.request().url())![1]!;
    return route.fulfill({ json: { delivery: byId.get(id)?.delivery ?? null } });
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/campaigns');
    const sending = campaignRow(page, 'Term dates');
    await expect(sending.getByTestId('delivery-progress-text')).toHaveText('sent 812 of 1,250');
    await expect(sending.getByRole('progressbar', { name: 'Sending Term dates' })).toHaveAttribute(
      'aria-valuenow',
      '65',
    );
    await expect(sending).toContainText('3 failed');
    await expect(sending.getByRole('button', { name: 'Pause sending: Term dates' })).toBeVisible();
    const paused = campaignRow(page, 'Uniform sale');
    await expect(paused.getByTestId('delivery-paused-reason')).toContainText('Paused automatically after 10');
    await expect(paused.getByRole('button', { name: 'Resume' })).toBeVisible();
    await expect(paused).toContainText('10 failed · 2 skipped');
    const scheduledRow = campaignRow(page, 'Open day invitation');
    await expect(scheduledRow.getByTestId('scheduled-time')).toContainText(/\d{1,2}:00 (AM|PM)/);
    await expect(scheduledRow.getByTestId('scheduled-time')).toContainText('America/New_York');
    await expect(scheduledRow.getByRole('button', { name: 'Reschedule Open day invitation' })).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath(`campaigns-delivery-${viewport.width}.png`),
      fullPage: true,
    });
  }

  // The dialogs, at tablet width.
  await campaignRow(page, 'Autumn newsletter')
    .getByRole('button', { name: 'Schedule Autumn newsletter' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Schedule Campaign' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('schedule-dialog-768.png') });
  await page.keyboard.press('Escape');
  await campaignRow(page, 'Autumn newsletter')
    .getByRole('button', { name: 'Send Now: Autumn newsletter' })
    .click();
  await expect(
    page
      .getByRole('dialog', { name: 'Send Now' })
      .getByText('Send this campaign now to 1,250 families? This cannot be undone.'),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('send-now-768.png') });
  await page.getByRole('dialog', { name: 'Send Now' }).getByRole('button', { name: 'Cancel' }).click();

  // The preview modal of a paused send: its progress, why it paused, and Resume.
  await page.setViewportSize({ width: 1280, height: 900 });
  await campaignRow(page, 'Uniform sale').getByRole('button', { name: 'Preview Uniform sale' }).click();
  const preview = page.getByRole('dialog', { name: 'Uniform sale' });
  await expect(preview.getByTestId('delivery-progress-text')).toHaveText('sent 240 of 1,250');
  await expect(preview.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Send Now' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('preview-paused-1280.png') });
});
