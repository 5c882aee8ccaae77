import { expect, test } from '@playwright/test';
import { adminApi, uniqueTag } from '../support/seed';
import { useApiSession } from '../support/session';
import {
  campaignRow,
  fillCodeEditor,
  PREVIEW_FRAME,
  seedCampaign,
  seedFamilies,
  seedSegmentWith,
} from './campaign-support';

test('a <script> in a campaign never runs in any preview', async ({ page, request }) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const tag = uniqueTag();
  const families = await seedFamilies(api, 1);
  const segment = await seedSegmentWith(api, `script-${tag}`, [families[0]!.id]);
  const name = `Scripted ${tag}`;
  await seedCampaign(api, segment, { name });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const hostile =
    '<p>Hi {{parent_name}}</p><script>window.top.__ran = 1; alert("ran")</script>' +
    '<img src="x" onerror="window.top.__ran = 2; alert(2)"><svg onload="alert(3)"></svg>';

  await page.goto('/campaigns');
  // The editor's live preview shows what is typed, before the server sanitises anything.
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Campaign' });
  await fillCodeEditor(page, 'HTML content', hostile);
  const frame = page.locator(PREVIEW_FRAME);
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator(PREVIEW_FRAME).locator('mark[data-variable="parent_name"]')).toHaveText(
    'Sarah Johnson',
  );
  await editor.getByRole('button', { name: 'Update Campaign' }).click();
  await expect(editor).toBeHidden();

  // The Campaign Preview and the AI Campaign Editor show the saved content, sandboxed too.
  await page.getByRole('button', { name: `Preview ${name}` }).click();
  const preview = page.getByRole('dialog', { name });
  await expect(page.frameLocator(PREVIEW_FRAME).locator('body')).toContainText('Hi Sarah Johnson');
  await preview.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('button', { name: `Edit ${name} with AI` }).click();
  const ai = page.getByRole('dialog', { name: 'AI Campaign Editor' });
  await expect(page.locator(PREVIEW_FRAME)).toHaveAttribute('sandbox', '');
  // Offline, an AI edit says so and offers the manual editor.
  await ai.getByRole('textbox', { name: 'Instruction' }).fill('Make it warmer');
  await ai.getByRole('button', { name: 'Send' }).click();
  await expect(ai.getByTestId('editor-reply')).toContainText('AI provider not configured');
  await expect(ai.getByRole('button', { name: 'Edit the HTML by hand' })).toBeVisible();

  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
  const saved = await api.request.get('/api/campaigns', { headers: api.headers });
  expect(saved.ok()).toBe(true);
});

test("a pending campaign shows 'Cannot Edit Campaign' with its statuses", async ({ page, request }) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const tag = uniqueTag();
  const families = await seedFamilies(api, 1);
  const segment = await seedSegmentWith(api, `pending-${tag}`, [families[0]!.id]);
  const name = `Awaiting ${tag}`;
  const campaign = await seedCampaign(api, segment, { name });
  // A real pending campaign: sent for approval through the server.
  const sent = await api.request.post(`/api/campaigns/${campaign.id}/create-approval-link`, {
    headers: api.headers,
    data: {},
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(((await sent.json()) as { campaign: { approval_status: string } }).campaign.approval_status).toBe(
    'pending',
  );

  await page.goto('/campaigns');
  const row = campaignRow(page, name);
  await expect(row).toContainText('Pending Approval');
  await expect(row.getByRole('button', { name: `Edit ${name}`, exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  await row.getByRole('button', { name, exact: true }).click();
  const notice = page.getByRole('dialog', { name: 'Cannot Edit Campaign' });
  await expect(notice.getByTestId('approval-status')).toHaveText('pending');
  await expect(notice.getByTestId('publish-status')).toHaveText('ready');
  await notice.getByRole('button', { name: 'Close' }).last().click();
  await expect(notice).toBeHidden();

  // Whatever the client sends, the server refuses to edit a campaign that is not a draft.
  const edit = await api.request.put(`/api/campaigns/${campaign.id}`, {
    headers: api.headers,
    data: { subject: 'Changed behind the reviewer' },
  });
  expect(edit.status()).toBe(409);
});
