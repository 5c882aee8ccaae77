import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, uniqueTag, type AdminApi } from '../support/seed';
import { useApiSession } from '../support/session';

type ApiTemplate = { id: string; name: string; category: string; content_html_template: string };

const card = (page: Page, name: string) =>
  page.getByTestId('template-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function cardAction(page: Page, name: string, action: string) {
  await card(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** The code editor's text, replaced as a paste would (CodeMirror's own input handling). */
async function fillCodeEditor(page: Page, html: string) {
  const editor = page.getByRole('textbox', { name: 'HTML template' });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.fill(html);
}

async function deleteEveryTemplate({ request, headers }: AdminApi) {
  const res = await request.get('/api/templates?limit=200', { headers });
  const { templates } = (await res.json()) as { templates: ApiTemplate[] };
  for (const template of templates) {
    expect((await request.delete(`/api/templates/${template.id}`, { headers })).ok()).toBe(true);
  }
}

/** The preview frame's document, read through the browser's devtools (its own scripts are off). */
async function frameText(frame: Locator) {
  const handle = await frame.elementHandle();
  const content = await handle!.contentFrame();
  return content!.locator('body').innerText();
}

test('an empty list offers the starter set, which gives one accessible template per category, once', async ({
  page,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  await deleteEveryTemplate(api);

  await page.goto('/templates');
  await expect(page.getByRole('heading', { name: 'Email Templates' })).toBeVisible();
  await expect(page.getByText('No templates found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Your First Template' })).toBeVisible();
  await page.screenshot({ path: 'test-results/templates-empty.png', fullPage: true });
  await page.getByRole('button', { name: 'Start from a template' }).click();

  await expect(page.getByText('5 starter templates added')).toBeVisible();
  await expect(page.getByTestId('template-card')).toHaveCount(5);
  await expect(page.getByText('Showing 5 of 5 templates')).toBeVisible();
  for (const category of ['Newsletter', 'Welcome', 'Resources', 'Events', 'General']) {
    await expect(page.getByTestId('template-card').getByText(category, { exact: true })).toHaveCount(1);
  }
  await expect(page.getByRole('button', { name: 'Start from a template' })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/templates-list.png', fullPage: true });

  // Asking again adds nothing.
  const again = await request.post('/api/templates/create-defaults', { headers: api.headers });
  expect(((await again.json()) as { created: number }).created).toBe(0);
  await page.reload();
  await expect(page.getByTestId('template-card')).toHaveCount(5);

  // A starter template reads well on a 320 px phone: real text, nothing wider than the screen.
  const res = await request.get('/api/templates?category=welcome', { headers: api.headers });
  const [welcome] = ((await res.json()) as { templates: ApiTemplate[] }).templates;
  await cardAction(page, welcome!.name, 'Preview');
  await expect(page.getByRole('heading', { name: `Preview: ${welcome!.name}` })).toBeVisible();
  const frame = page.getByTitle('Email preview');
  expect(await frame.getAttribute('sandbox')).toBe('');
  await expect.poll(() => frameText(frame)).toContain('Emma');
  await page.screenshot({ path: 'test-results/templates-preview.png', fullPage: true });
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await expect(page.getByTestId('preview-text')).toContainText('Emma');
  await expect(page.getByTestId('preview-text')).not.toContainText('<');

  // On a 320 px phone it fits the screen, with real text and every image described.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Phone (320 px)' }).click();
  const phone = page.getByTitle('Template preview with sample data');
  await expect.poll(async () => (await phone.boundingBox())?.width).toBe(320);
  const content = (await (await phone.elementHandle())!.contentFrame())!;
  await expect(content.locator('body')).toContainText('Emma');
  await expect(content.locator('img:not([alt])')).toHaveCount(0);
  const widths = await content
    .locator('body *')
    .evaluateAll((nodes) => nodes.map((node) => Math.ceil(node.getBoundingClientRect().right)));
  expect(Math.max(...widths)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: 'test-results/templates-phone-preview.png' });
});

test('a template from the code editor to deletion: variables, validation, search, category, preview, deactivate', async ({
  page,
  request,
}) => {
  await useApiSession(page, request);
  const name = `Open morning ${uniqueTag()}`;
  const codeEditorLoads: string[] = [];
  page.on('request', (req) => {
    if (/html-code-editor-impl/.test(req.url())) codeEditorLoads.push(new URL(req.url()).pathname);
  });
  // Another area, then the list: neither fetches the code editor; opening the editor does.
  await page.goto('/segments');
  await expect(page.getByRole('heading', { name: 'Lead Segments' })).toBeVisible();
  await page.goto('/templates');
  await expect(page.getByRole('heading', { name: 'Email Templates' })).toBeVisible();
  expect(codeEditorLoads).toEqual([]);
  await page.getByRole('button', { name: 'Create Template' }).click();
  await expect(page.getByRole('heading', { name: 'Create Template' })).toBeVisible();
  await expect(page.getByText('0 variables detected')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'HTML template' })).toBeVisible();
  expect(codeEditorLoads).toHaveLength(1);

  await page.getByLabel('Template name').fill(name);
  await page.getByLabel('Description').fill('Invites families to an open morning');
  await page.getByLabel('Category').selectOption('events');
  await page.getByLabel('Subject template').fill('An open morning for {{ child_name }}');
  await fillCodeEditor(
    page,
    '<h1>Come and see us</h1>\n<p>We would love to meet {{ child_name }} on {$event_date}.</p>\n' +
      '<p><a href="{{unsubscribe}}">Unsubscribe</a></p>',
  );
  // child_name, event_date and unsubscribe, counted half a second after the last edit.
  await expect(page.getByText('3 variables detected')).toBeVisible();
  const sidePreview = page.getByTitle('Template preview with sample data');
  expect(await sidePreview.getAttribute('sandbox')).toBe('');
  await expect.poll(() => frameText(sidePreview)).toContain('We would love to meet Emma');

  await page.getByRole('tab', { name: 'Variables' }).click();
  await page.getByRole('button', { name: 'Add child_name' }).click();
  await page.getByRole('button', { name: 'Add event_date' }).click();
  const eventDate = page.getByRole('listitem', { name: 'Variable event_date' });
  await eventDate.getByLabel('Display label').fill('Event date');
  await eventDate.getByLabel('Default value').fill('Saturday 6 December');
  await page.getByRole('listitem', { name: 'Variable child_name' }).getByLabel('Required').check();

  await page.getByRole('tab', { name: 'Settings' }).click();
  for (const tag of ['  Autism ', 'autism', 'New families']) {
    await page.getByRole('textbox', { name: 'Segment tags' }).fill(tag);
    await page.getByRole('button', { name: 'Add Tag' }).click();
  }
  await expect(page.getByRole('list', { name: 'Added segment tags' }).getByRole('listitem')).toHaveText([
    'Autism',
    'New families',
  ]);
  await expect(page.getByText('Names and age')).toBeVisible();
  await page.getByRole('button', { name: 'Validate Template' }).click();
  await expect(page.getByText('The template is valid.')).toBeVisible();
  await page.screenshot({ path: 'test-results/templates-editor.png', fullPage: true });

  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page.getByText(`Template "${name}" created`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Email Templates' })).toBeVisible();

  // Found by search, and by its category (whose count includes it).
  await page.getByLabel('Search templates').fill(name);
  await expect(page.getByTestId('template-card')).toHaveCount(1);
  await expect(card(page, name)).toContainText('Events');
  await expect(card(page, name)).toContainText('Invites families to an open morning');
  await expect(card(page, name)).toContainText('Used 0 times');
  await page.getByLabel('Search templates').fill('');
  await page.getByLabel('Category').selectOption('events');
  await expect(page.getByLabel('Category').locator('option:checked')).toHaveText(/Events \(\d+\)/);
  await expect(card(page, name)).toBeVisible();
  for (const other of await page.getByTestId('template-card').all())
    await expect(other).toContainText('Events');

  // Preview with the spec's sample data, then with an edited value.
  await cardAction(page, name, 'Preview');
  await expect(page.getByTestId('preview-subject')).toHaveText('An open morning for Emma');
  const preview = page.getByTitle('Email preview');
  await expect.poll(() => frameText(preview)).toContain('on Saturday 6 December');
  await page.getByLabel('Child Name (required)').fill('Sam');
  await expect(page.getByTestId('preview-subject')).toHaveText('An open morning for Sam');
  await expect.poll(() => frameText(preview)).toContain('We would love to meet Sam');
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await expect(page.getByTestId('preview-text')).toContainText(
    'We would love to meet Sam on Saturday 6 December',
  );
  await page.getByRole('button', { name: 'Back to templates' }).click();

  // Deactivated, it leaves the active-only list; shown again with 'Inactive' when all are listed.
  await cardAction(page, name, 'Deactivate');
  await expect(page.getByText(`"${name}" deactivated`)).toBeVisible();
  await expect(card(page, name)).toHaveCount(0);
  await page.getByLabel('Show active only').uncheck();
  await expect(card(page, name).getByText('Inactive')).toBeVisible();

  // Edit keeps what was saved.
  await cardAction(page, name, 'Edit');
  await expect(page.getByLabel('Template name')).toHaveValue(name);
  await expect(page.getByText('3 variables detected')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await cardAction(page, name, 'Delete');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    `Are you sure you want to delete "${name}"? This action cannot be undone.`,
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Template "${name}" deleted`)).toBeVisible();
  await expect(card(page, name)).toHaveCount(0);
});

test('a template with an event handler never runs in the preview and is refused, with what would be removed', async ({
  page,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const ran: string[] = [];
  const blockedBySandbox: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text().includes('xss-ran')) ran.push(`console: ${message.text()}`);
    // Chromium's own report that the frame's sandbox (not some later defence) stopped the handler.
    if (/Blocked script execution in 'about:srcdoc'.*sandboxed/.test(message.text()))
      blockedBySandbox.push(message.text());
  });
  await page.addInitScript(() => {
    (window as unknown as { xssRan: boolean }).xssRan = false;
  });

  const hostile =
    '<p>Hello {{ name }} {{constructor}} {{__proto__}}</p>' +
    `<img src=x onerror="console.log('xss-ran');alert('xss');parent.xssRan=true">` +
    '<a href="javascript:alert(1)">Click</a>';
  const name = `Hostile ${uniqueTag()}`;
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Create Template' }).click();
  await page.getByLabel('Template name').fill(name);
  await page.getByLabel('Subject template').fill('Hello');
  await fillCodeEditor(page, hostile);

  // The side pane shows it in a frame with scripts off: the broken image fires its error, nothing runs.
  const sidePreview = page.getByTitle('Template preview with sample data');
  expect(await sidePreview.getAttribute('sandbox')).toBe('');
  await expect.poll(() => frameText(sidePreview)).toContain('Hello Sarah Johnson');
  expect(await frameText(sidePreview)).not.toMatch(/constructor|function|proto/i);
  await expect.poll(() => blockedBySandbox.length).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(ran).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { xssRan: boolean }).xssRan)).toBe(false);

  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page.getByText('Please fix validation errors before saving')).toBeVisible();
  await expect(page.getByTestId('template-validation')).toContainText('onerror');
  await expect(page.getByTestId('template-validation')).toContainText('javascript');
  await expect(page.getByRole('heading', { name: 'Create Template' })).toBeVisible();

  // The API refuses it too, and nothing was stored.
  const res = await request.post('/api/templates', {
    headers: api.headers,
    data: { name, subject_template: 'Hello', content_html_template: hostile, category: 'welcome' },
  });
  expect(res.status()).toBe(400);
  const list = await request.get(`/api/templates?search=${encodeURIComponent(name)}`, {
    headers: api.headers,
  });
  expect(((await list.json()) as { total: number }).total).toBe(0);
  expect(ran).toEqual([]);
});
