import { expect, test } from '@playwright/test';
import { adminApi, uniqueTag } from '../support/seed';
import { useApiSession } from '../support/session';

test('voice settings: create from a preset, clone, set default, and the default cannot be deleted', async ({
  page,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const tag = uniqueTag();
  const name = `Clear ${tag}`;
  await page.goto('/campaigns?tab=voice');
  await page.getByRole('button', { name: 'Professional preset' }).click();
  const form = page.getByRole('dialog', { name: 'New Voice Setting' });
  await expect(form.getByLabel('Tone *')).toHaveValue('professional, confident, courteous');
  await form.getByLabel('Name *').fill('');
  await form.getByRole('button', { name: 'Create Voice Setting' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Name *').fill(name);
  // Added terms are trimmed, and a repeat is ignored.
  await form.getByRole('textbox', { name: 'Include elements' }).fill('  campus map  ');
  await form.getByRole('button', { name: 'Add to Include elements' }).click();
  await form.getByRole('textbox', { name: 'Include elements' }).fill('Campus Map');
  await form.getByRole('button', { name: 'Add to Include elements' }).click();
  await expect(form.getByRole('list', { name: 'Include elements' }).getByRole('listitem')).toHaveCount(4);
  await form.getByRole('button', { name: 'Create Voice Setting' }).click();
  await expect(form).toBeHidden();

  const card = (n: string) =>
    page.getByTestId('voice-card').filter({ has: page.getByRole('heading', { name: n, exact: true }) });
  await expect(card(name)).toContainText('+1 more');
  await card(name)
    .getByRole('button', { name: `Clone ${name}` })
    .click();
  await expect(card(`${name} (Copy)`)).toBeVisible();

  await card(name)
    .getByRole('button', { name: `Set ${name} as default` })
    .click();
  await expect(card(name)).toContainText('Default');
  await expect(card(name).getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await expect(card(name)).toContainText('The default voice cannot be deleted.');
  await expect(
    page.getByTestId('voice-card').filter({ hasText: 'Default' }).filter({ hasText: 'The default voice' }),
  ).toHaveCount(1);

  // The server refuses it too, whatever a client sends.
  const list = await api.request.get('/api/voice-settings', { headers: api.headers });
  const { voice_settings } = (await list.json()) as {
    voice_settings: { id: string; name: string; is_default: boolean }[];
  };
  const defaultVoice = voice_settings.find((v) => v.is_default)!;
  expect(defaultVoice.name).toBe(name);
  const refused = await api.request.delete(`/api/voice-settings/${defaultVoice.id}`, {
    headers: api.headers,
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toBe(
    'The default voice setting cannot be deleted. Set another one as default first.',
  );

  await card(`${name} (Copy)`)
    .getByRole('button', { name: `Delete ${name} (Copy)` })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete voice setting' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(card(`${name} (Copy)`)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('voice-settings.png'), fullPage: true });
});
