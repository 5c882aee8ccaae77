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

test('two campaigns at once for two segments: names suffixed, shared families counted once, live preview with sample data', async ({
  page,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const [a, shared, b] = await seedFamilies(api, 3);
  const tag = uniqueTag();
  const first = await seedSegmentWith(
    api,
    `first-${tag}`,
    [a!.id, shared!.id],
    'Families from the autumn fair',
  );
  const second = await seedSegmentWith(
    api,
    `second-${tag}`,
    [shared!.id, b!.id],
    'Families who toured in October',
  );

  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
  const card = (name: string) => dialog.getByTestId('segment-option').filter({ hasText: name });
  await expect(card(first.name)).toContainText('Families from the autumn fair');
  await expect(card(first.name)).toContainText('2 active leads');
  await card(first.name).click();
  await card(second.name).click();
  // Three families across the two segments: the family in both is counted once.
  await expect(dialog.getByTestId('recipients-banner')).toContainText('3 total recipients');
  await expect(dialog.getByTestId('recipients-banner')).toContainText('1 family is in more than one');
  await expect(dialog.getByText('One campaign per segment will be created (2 campaigns).')).toBeVisible();
  await expect(dialog.getByTestId('editor-footer')).toHaveText(
    'Will create 2 campaigns for 3 total recipients',
  );

  const name = `Autumn welcome ${tag}`;
  await dialog.getByLabel('Campaign name *').fill(name);
  await dialog.getByLabel('Subject line *').fill('Welcome, {{parent_name}}');
  await fillCodeEditor(
    page,
    'HTML content',
    '<p>Dear {{parent_name}}, we would love to meet {{child_name}}.</p>',
  );
  await dialog.getByRole('button', { name: 'Create 2 Campaigns' }).click();
  await expect(dialog).toBeHidden();
  await expect(campaignRow(page, `${name} - ${first.name}`)).toBeVisible();
  await expect(campaignRow(page, `${name} - ${second.name}`)).toBeVisible();
  await expect(campaignRow(page, `${name} - ${first.name}`)).toContainText('Draft');

  // Edit one: the live preview fills placeholders with sample data and follows the typing.
  await page.getByRole('button', { name: `Edit ${name} - ${first.name}`, exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Campaign' });
  await expect(editor.getByTestId('editor-footer')).toHaveText('Will be sent to 2 recipients');
  await expect(editor.getByRole('button', { name: 'Update Campaign' })).toBeVisible();
  const frame = page.frameLocator(PREVIEW_FRAME);
  await expect(frame.locator('mark[data-variable="parent_name"]')).toHaveText('Sarah Johnson');
  await expect(frame.locator('mark[data-variable="child_name"]')).toHaveText('Emma');
  await expect(editor.getByTestId('preview-subject')).toHaveText('Welcome, Sarah Johnson');
  await page.screenshot({ path: test.info().outputPath('campaign-editor.png') });
  await fillCodeEditor(
    page,
    'HTML content',
    '<p>Hello {{parent_name}}, {{child_name}} ({{child_age}}) is welcome.</p>',
  );
  await expect(frame.locator('mark[data-variable="child_age"]')).toHaveText('8');
  await editor.getByRole('button', { name: 'Source' }).click();
  await expect(editor.getByLabel('HTML source')).toContainText('{{child_age}}');
  await editor.getByRole('button', { name: 'Update Campaign' }).click();
  await expect(editor).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('campaigns-table.png'), fullPage: true });
  // A tablet shows the table (scrolling sideways, actions pinned) and the editor stacked.
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.screenshot({ path: test.info().outputPath('campaigns-table-tablet.png'), fullPage: true });
  await page.getByRole('button', { name: `Edit ${name} - ${second.name}`, exact: true }).click();
  await expect(page.frameLocator(PREVIEW_FRAME).locator('mark[data-variable="child_name"]')).toHaveText(
    'Emma',
  );
  await page.screenshot({ path: test.info().outputPath('campaign-editor-tablet.png') });
});

test('an offline draft written with a voice setting and the knowledge base opens in the editor', async ({
  page,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const tag = uniqueTag();
  const families = await seedFamilies(api, 2);
  const segment = await seedSegmentWith(
    api,
    `open-house-${tag}`,
    families.map((f) => f.id),
    'Families interested in visiting',
  );
  const chunk = await api.request.post('/api/knowledge/chunks', {
    headers: api.headers,
    data: {
      chunk_text: 'Our open house is held on the first Saturday of each month, with campus tours at 10am.',
      category: 'manual',
    },
  });
  expect(chunk.status()).toBe(201);
  const voiceName = `Gentle ${tag}`;
  const voice = await api.request.post('/api/voice-settings', {
    headers: api.headers,
    data: {
      name: voiceName,
      tone: 'gentle, reassuring',
      perspective: 'fellow parents',
      style: 'warm and plain',
      preferred_length: '150-250',
      cta_style: 'soft invitation',
      avoid_terms: ['guarantees'],
      include_elements: ['next steps'],
    },
  });
  expect(voice.status()).toBe(201);

  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Generate with AI' }).first().click();
  const generator = page.getByRole('dialog', { name: 'AI Content Generator' });
  await generator.getByRole('button', { name: 'Generate Content' }).click();
  await expect(generator.getByText('Please select at least one segment')).toBeVisible();
  await expect(generator.getByText('Please provide a content prompt')).toBeVisible();
  await generator.getByTestId('segment-option').filter({ hasText: segment.name }).click();
  await generator
    .getByRole('button', { name: 'Invite families to our upcoming open house and campus tour' })
    .click();
  await generator.getByLabel('Voice setting').selectOption({ label: voiceName });
  await expect(generator.getByLabel('Use the knowledge base')).toBeChecked();
  await generator.getByRole('button', { name: 'Generate Content' }).click();

  const draft = generator.getByTestId('generated-draft');
  await expect(draft).toHaveCount(1);
  await expect(generator.getByText(/Offline draft/).first()).toBeVisible();
  await expect(draft).toContainText(segment.name);
  await expect(draft).toContainText(`voice ${voiceName}`);
  await expect(draft).toContainText('knowledge passage');
  await page.screenshot({ path: test.info().outputPath('generator-drafts.png') });
  await draft.getByRole('button', { name: 'Open in editor' }).click();

  const editor = page.getByRole('dialog', { name: 'Create Campaign' });
  await expect(editor.getByLabel('Campaign name *')).not.toHaveValue('');
  await expect(editor.getByLabel('Subject line *')).not.toHaveValue('');
  await expect(
    editor.getByTestId('segment-option').filter({ hasText: segment.name }).getByRole('checkbox'),
  ).toBeChecked();
  await expect(editor.getByTestId('editor-footer')).toHaveText('Will create 1 campaign for 2 recipients');
  await expect(page.frameLocator(PREVIEW_FRAME).locator('body')).toContainText(/open house/i);
  const draftName = await editor.getByLabel('Campaign name *').inputValue();
  await editor.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(editor).toBeHidden();
  await expect(campaignRow(page, draftName)).toBeVisible();
});

test('a manual edit becomes version 2, and version 1 is chosen as final', async ({ page, request }) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const tag = uniqueTag();
  const families = await seedFamilies(api, 1);
  const segment = await seedSegmentWith(api, `versions-${tag}`, [families[0]!.id]);
  const name = `Versioned ${tag}`;
  await seedCampaign(api, segment, { name });

  await page.goto('/campaigns');
  await page.getByRole('button', { name: `Preview ${name}` }).click();
  const preview = page.getByRole('dialog', { name });
  await expect(preview.getByTestId('version-row')).toHaveCount(1);
  await expect(preview.getByTestId('final-version')).toHaveText('Current content');

  // The subject edit refuses an empty subject in the spec's words.
  await preview.getByLabel('Subject line').fill('  ');
  await preview.getByRole('button', { name: 'Save subject' }).click();
  await expect(preview.getByText('Subject line cannot be empty')).toBeVisible();

  await preview.getByRole('tab', { name: 'Edit HTML' }).click();
  await fillCodeEditor(
    page,
    'Campaign HTML',
    '<p>Dear {{parent_name}},</p><p>A second version for {{child_name}}.</p>',
  );
  await preview.getByRole('button', { name: 'Save changes' }).click();
  await expect(preview.getByTestId('version-row')).toHaveCount(2);
  await expect(preview.getByTestId('version-row').first()).toContainText('Version 2');
  await expect(preview.getByTestId('version-row').first()).toContainText('Manual edit');

  await preview.getByRole('button', { name: 'Set Version 1 as final' }).click();
  await expect(preview.getByTestId('final-version')).toHaveText('Version 1');
  await preview.getByRole('button', { name: 'View Version 1' }).click();
  await preview.getByRole('tab', { name: 'Preview' }).click();
  await expect(preview.getByTestId('viewing-version')).toHaveText('Showing version 1');
  await expect(page.frameLocator(PREVIEW_FRAME).locator('body')).toContainText('We would love to meet Emma');
  await preview.getByRole('tab', { name: 'Approval' }).click();
  await expect(preview.getByText('Final version')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('campaign-preview.png') });
});
