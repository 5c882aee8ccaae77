import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../support/auth';
import { adminApi, uniqueTag, type AdminApi } from '../support/seed';
import { useApiSession } from '../support/session';
import { campaignRow, fillCodeEditor, seedCampaign, seedFamilies, seedSegmentWith } from './campaign-support';

const PHONE = { width: 375, height: 812 };

/** Clicks a Send for Approval / Resubmit button and returns the preview_url the server answered. */
async function sendForApproval(page: Page, click: () => Promise<void>): Promise<string> {
  const answer = page.waitForResponse(
    (r) => r.url().includes('/create-approval-link') && r.request().method() === 'POST',
  );
  await click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  const { preview_url } = (await response.json()) as { preview_url: string };
  expect(preview_url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
  return preview_url;
}

/** The reviewer opens links on this server (the link's origin is the configured site origin). */
const pathOf = (url: string) => new URL(url).pathname;

async function outboxSubjects(api: AdminApi, to: string): Promise<string[]> {
  const res = await api.request.get(`/api/outbox?to=${encodeURIComponent(to)}`, { headers: api.headers });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { messages: { subject: string }[] }).messages.map((m) => m.subject);
}

test('an outside reviewer requests changes on a phone, the admin edits and resubmits, the reviewer approves', async ({
  page,
  request,
  browser,
  context,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const tag = uniqueTag();
  const families = await seedFamilies(api, 2);
  const segment = await seedSegmentWith(
    api,
    `approval-${tag}`,
    families.map((f) => f.id),
  );
  const name = `Open day ${tag}`;
  await seedCampaign(api, segment, { name });

  // The admin sends it for approval from the table; the link lands on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/campaigns');
  const row = campaignRow(page, name);
  await expect(row).toContainText('Draft');
  await page.screenshot({ path: test.info().outputPath('campaigns-table-send-for-approval.png') });
  const firstUrl = await sendForApproval(page, () =>
    row.getByRole('button', { name: `Send for Approval: ${name}` }).click(),
  );
  await expect(page.getByText('Approval link copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
  await expect(row).toContainText('Pending Approval');
  await expect(row.getByRole('button', { name: `Send for Approval: ${name}` })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Edit ${name}`, exact: true })).toHaveCount(0);

  // The reviewer: a fresh browser (no session) on a phone.
  const reviewerContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const reviewer = await reviewerContext.newPage();
  const base = test.info().project.use.baseURL ?? '';
  await reviewer.goto(base + pathOf(firstUrl));
  await expect(reviewer.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(reviewer.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  const details = reviewer.getByRole('button', { name: 'Campaign Details' });
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(reviewer.getByText('Pending Approval')).toBeVisible();
  await expect(reviewer.getByText('2 families')).toBeVisible();
  await expect(reviewer.getByText(`approval-${tag}`)).toBeVisible();
  await details.click();
  await expect(reviewer.getByText('2 families')).toBeHidden();
  await details.click();
  // The email with sample data, in a sandboxed frame; its source on request.
  const frame = reviewer.frameLocator('iframe[title="Email preview"]');
  await expect(frame.locator('body')).toContainText('Dear Sarah Johnson');
  await expect(reviewer.locator('iframe[title="Email preview"]')).toHaveAttribute('sandbox', '');
  await expect(reviewer.getByTestId('preview-subject')).toHaveText('A note for Sarah Johnson');
  await reviewer.getByRole('button', { name: 'View HTML' }).click();
  await expect(reviewer.getByTestId('preview-source')).toContainText('{{parent_name}}');
  await reviewer.getByRole('button', { name: 'Hide HTML' }).click();
  await expect(reviewer.getByTestId('preview-source')).toHaveCount(0);
  // Nothing runs sideways on a 375 px phone.
  const overflow = await reviewer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await reviewer.screenshot({ path: test.info().outputPath('approval-page-phone.png'), fullPage: true });

  // Request Changes needs a comment.
  await reviewer.getByRole('button', { name: 'Request Changes' }).click();
  await expect(reviewer.getByText('Please describe the changes you would like')).toBeVisible();
  await expect(reviewer.getByLabel('Comments (optional)')).toBeFocused();
  const feedback = `Please mention the parking at the back ${tag}.`;
  await reviewer.getByLabel('Your email (optional)').fill('Reviewer@Example.org');
  await reviewer.getByLabel('Comments (optional)').fill(feedback);
  await reviewer.getByRole('button', { name: 'Request Changes' }).click();
  await expect(reviewer.getByRole('heading', { name: 'Campaign Rejected' })).toBeVisible();
  await expect(
    reviewer.getByText('Thank you. Your requested changes have been sent to the campaign creator.'),
  ).toBeVisible();
  await expect(reviewer.getByText('The campaign creator has been notified of your decision.')).toBeVisible();
  await reviewer.screenshot({ path: test.info().outputPath('approval-rejected-phone.png') });

  // The creator was told by email, and sees the feedback on the campaign.
  await expect.poll(() => outboxSubjects(api, ADMIN.email)).toContain(`Changes requested: ${name}`);
  await page.reload();
  await expect(row).toContainText('Rejected');
  await row.getByRole('button', { name: `Preview ${name}` }).click();
  const preview = page.getByRole('dialog', { name });
  await preview.getByRole('tab', { name: 'Approval' }).click();
  await expect(preview.getByTestId('reviewer-feedback')).toContainText(feedback);
  await expect(preview.getByTestId('approval-details')).toContainText('reviewer@example.org');
  await expect(preview.getByTestId('approval-details')).toContainText('Changes requested');
  await expect(preview.getByRole('button', { name: 'Resubmit' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('approval-details-admin.png') });
  await preview.getByRole('button', { name: 'Close' }).last().click();

  // The admin edits (the campaign goes back to draft) and resubmits; the clipboard is refused this
  // time, so the link is shown to copy by hand.
  await expect(row.getByRole('button', { name: `Resubmit: ${name}` })).toBeVisible();
  await row.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Campaign' });
  await fillCodeEditor(
    page,
    'HTML content',
    '<p>Dear {{parent_name}},</p><p>Parking is at the back of the school.</p>',
  );
  await editor.getByRole('button', { name: 'Update Campaign' }).click();
  await expect(editor).toBeHidden();
  await expect(row).toContainText('Draft');
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
  });
  const secondUrl = await sendForApproval(page, () =>
    row.getByRole('button', { name: `Send for Approval: ${name}` }).click(),
  );
  const copy = page.getByRole('dialog', { name: 'Approval link' });
  await expect(copy.getByLabel('Copy this approval link:')).toHaveValue(secondUrl);
  await copy.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText('Pending Approval');
  expect(secondUrl).not.toBe(firstUrl);

  // The first link was revoked by the new one: it reveals nothing.
  await reviewer.goto(base + pathOf(firstUrl));
  await expect(reviewer.getByRole('heading', { name: 'Preview Not Found' })).toBeVisible();

  // The page on a laptop and on a tablet (looked at, not decided on).
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 820, height: 1180 },
  ]) {
    const wide = await browser.newContext({ viewport });
    const widePage = await wide.newPage();
    await widePage.goto(base + pathOf(secondUrl));
    await expect(widePage.getByRole('heading', { name, level: 1 })).toBeVisible();
    await widePage.screenshot({ path: test.info().outputPath(`approval-page-${viewport.width}.png`) });
    await wide.close();
  }

  // The reviewer approves the new version without comments, through the confirmation.
  await reviewer.goto(base + pathOf(secondUrl));
  await expect(reviewer.frameLocator('iframe[title="Email preview"]').locator('body')).toContainText(
    'Parking is at the back',
  );
  await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = reviewer.getByRole('dialog', { name: 'Approve Without Comments' });
  await expect(
    confirm.getByText('Are you sure you want to approve this campaign without any comments or feedback?'),
  ).toBeVisible();
  await reviewer.screenshot({ path: test.info().outputPath('approval-confirm-phone.png') });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
  await confirm.getByRole('button', { name: 'Yes, Approve' }).click();
  await expect(reviewer.getByRole('heading', { name: 'Campaign Approved!' })).toBeVisible();
  await expect(reviewer.getByText('Thank you. The campaign has been approved.')).toBeVisible();
  await expect(reviewer.getByText('The campaign creator has been notified of your decision.')).toBeVisible();

  // The used link now says the decision is made, and offers no buttons.
  await reviewer.goto(base + pathOf(secondUrl));
  await expect(reviewer.getByRole('heading', { name: 'Campaign Approved!' })).toBeVisible();
  await expect(reviewer.getByText('A decision has already been made on this campaign.')).toBeVisible();
  await expect(reviewer.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await reviewerContext.close();

  // The admin sees the approval, and publishes it.
  await expect.poll(() => outboxSubjects(api, ADMIN.email)).toContain(`Campaign approved: ${name}`);
  await page.reload();
  await expect(row).toContainText('Approved');
  await row.getByRole('button', { name: `Preview ${name}` }).click();
  await preview.getByRole('tab', { name: 'Approval' }).click();
  await expect(preview.getByTestId('approval-details')).toContainText('Approved');
  await expect(preview.getByRole('button', { name: 'Resubmit' })).toHaveCount(0);
  await preview.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Campaign published.')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await preview.getByRole('button', { name: 'Close' }).last().click();
  await expect(row).toContainText('Published');
  await page.screenshot({ path: test.info().outputPath('campaigns-table-approval.png'), fullPage: true });
});

test('an unknown approval link and a malformed one both show Preview Not Found', async ({ page }) => {
  for (const token of ['A'.repeat(43), 'not-a-token']) {
    await page.goto(`/preview/${token}`);
    await expect(page.getByRole('heading', { name: 'Preview Not Found' })).toBeVisible();
    await expect(page.getByText('This preview link may have expired or been removed.')).toBeVisible();
  }
});
