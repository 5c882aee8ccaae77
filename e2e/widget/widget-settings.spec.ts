import { expect, test, type Page } from '@playwright/test';
import { useApiSession } from '../support/session';
import { widgetOn } from './widget-setup';
import { previewOf, restoreWidgetDefaults, rgb, solidPng, WIDGET_DEFAULTS } from './settings-setup';

const HEX_MESSAGE = 'Please enter a valid hex color (e.g., #4F46E5)';
const INVALID_IMAGE = 'Please select a valid image file (JPEG, PNG, GIF, or WebP)';

let token: string;
test.beforeEach(async ({ page, request }) => {
  token = await useApiSession(page, request);
  await restoreWidgetDefaults(request, token);
  await page.setViewportSize({ width: 1280, height: 900 });
});
test.afterEach(async ({ request }) => {
  await restoreWidgetDefaults(request, token);
});

async function openSettings(page: Page, tab?: string) {
  await page.goto(tab ? `/widget?tab=${tab}` : '/widget');
  await expect(page.getByRole('heading', { name: 'Widget Settings', level: 1 })).toBeVisible();
  await expect(
    page
      .getByLabel('School name')
      .or(page.getByRole('tab', { name: 'Themes' }))
      .first(),
  ).toBeVisible();
}

const tabTo = (page: Page, name: string) => page.getByRole('tab', { name }).click();

test("the preview shows unsaved changes at once; after Save the school's widget wears them", async ({
  page,
  browser,
}) => {
  await openSettings(page);
  const preview = previewOf(page);
  // The real widget, open on the sample exchange with the welcome message filled in.
  await expect(preview.dialog).toBeVisible();
  await expect(preview.botBubbles.first()).toHaveText('Hi! Welcome to My Academy. How can I help you today?');
  await expect(preview.userBubble).toHaveCSS('background-color', rgb(WIDGET_DEFAULTS.primary_color));

  await page.getByLabel('School name').fill('Brightwater Academy');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await expect(preview.dialog).toContainText('Brightwater Academy');
  await expect(preview.botBubbles.first()).toHaveText(
    'Hi! Welcome to Brightwater Academy. How can I help you today?',
  );

  await tabTo(page, 'Visual Design');
  await page.getByLabel('Primary colour', { exact: true }).fill('#0F766E');
  await expect(preview.userBubble).toHaveCSS('background-color', rgb('#0F766E'));
  await page.getByText('Top left', { exact: true }).click();
  // The launcher toggle: collapsed, the launcher sits in the top-left corner of the preview page.
  await page.getByRole('button', { name: 'Launcher', exact: true }).click();
  await expect(preview.dialog).toBeHidden();
  const corner = await preview.launcher.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
  expect(corner.x).toBeLessThan(40);
  expect(corner.y).toBeLessThan(40);
  // Nothing is saved yet: the public config still has the defaults.
  const before = await page.request.get('/widget/config');
  expect(((await before.json()) as { school_name: string }).school_name).toBe('My Academy');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Widget settings saved successfully!')).toBeVisible();
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  // The history shows who changed what.
  const history = page.getByRole('list', { name: 'Recent changes' });
  await expect(history).toContainText('Settings saved');
  await expect(history).toContainText('School name: My Academy → Brightwater Academy');

  // A parent on the school's website (a fresh browser) sees the saved widget.
  const parent = await browser.newContext();
  const site = await parent.newPage();
  await site.setViewportSize({ width: 1280, height: 800 });
  await site.goto('/widget/');
  const widget = widgetOn(site);
  await expect(widget.launcher).toBeVisible();
  const box = (await widget.launcher.boundingBox())!;
  expect(box.x).toBeLessThan(40);
  expect(box.y).toBeLessThan(40);
  await expect(widget.launcher).toHaveCSS(
    'background-image',
    new RegExp(rgb('#0F766E').replace(/[()]/g, '\\$&')),
  );
  await widget.launcher.click();
  await expect(widget.dialog).toContainText('Brightwater Academy');
  await parent.close();
});

test('an invalid hex colour is refused with the spec message and not applied', async ({ page }) => {
  await openSettings(page, 'visual');
  const preview = previewOf(page);
  await expect(preview.userBubble).toHaveCSS('background-color', rgb(WIDGET_DEFAULTS.primary_color));
  const field = page.getByLabel('Primary colour', { exact: true });
  for (const bad of ['#12345G', '#abc', 'teal']) {
    await field.fill(bad);
    await expect(page.getByText(HEX_MESSAGE)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(preview.userBubble).toHaveCSS('background-color', rgb(WIDGET_DEFAULTS.primary_color));
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  // A quick colour fixes it.
  await page
    .getByRole('group', { name: 'Primary colour quick colours' })
    .getByRole('button', { name: '#B91C1C' })
    .click();
  await expect(page.getByText(HEX_MESSAGE)).toBeHidden();
  await expect(preview.userBubble).toHaveCSS('background-color', rgb('#B91C1C'));
});

test('an avatar PNG shows in the preview and on the website; deleted, the initials come back; a disguised file is refused', async ({
  page,
  browser,
}) => {
  await openSettings(page, 'personality');
  const preview = previewOf(page);
  await expect(preview.dialog.getByRole('img', { name: 'School Assistant' }).first()).toHaveText('SA');

  // A GIF renamed .png with HTML inside: refused by its content.
  await page.getByLabel('Upload avatar').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00<html><script>alert(1)</script></html>', 'latin1'),
  });
  await expect(page.getByRole('alert').filter({ hasText: INVALID_IMAGE })).toBeVisible();
  await expect(page.getByRole('img', { name: 'No avatar: initials shown' })).toBeVisible();

  await page.getByLabel('Upload avatar').setInputFiles({
    name: 'wren.png',
    mimeType: 'image/png',
    buffer: solidPng(240, 240, [15, 118, 110]),
  });
  await expect(page.getByText('Avatar uploaded successfully!')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Current avatar' })).toBeVisible();
  const header = preview.dialog.locator('.lw-header img');
  await expect(header).toHaveAttribute('src', /\/widget\/images\//);
  await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);

  const parent = await browser.newContext();
  const site = await parent.newPage();
  await site.goto('/widget/');
  const widget = widgetOn(site);
  await widget.launcher.click();
  const siteAvatar = widget.dialog.locator('.lw-header img');
  await expect(siteAvatar).toHaveAttribute('src', /\/widget\/images\//);
  await expect.poll(() => siteAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await parent.close();

  await page.getByRole('button', { name: 'Delete avatar' }).click();
  await expect(page.getByText('Avatar deleted successfully!')).toBeVisible();
  await expect(preview.dialog.getByRole('img', { name: 'School Assistant' }).first()).toHaveText('SA');
});

test('applying a theme changes the colours at once; Reset to Defaults puts everything back', async ({
  page,
  request,
}) => {
  await openSettings(page, 'themes');
  const preview = previewOf(page);
  await page.getByRole('button', { name: 'Apply Calm Ocean' }).click();
  await expect(page.getByText('Theme applied successfully!')).toBeVisible();
  await expect(preview.userBubble).toHaveCSS('background-color', rgb('#1D4ED8'));
  const saved = await request.get('/widget/config');
  expect(((await saved.json()) as { primary_color: string }).primary_color).toBe('#1D4ED8');

  await tabTo(page, 'School Branding');
  await page.getByLabel('School name').fill('Harbour School');
  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset to defaults?' });
  await dialog.getByRole('button', { name: 'Reset to Defaults' }).click();
  await expect(page.getByText('Settings reset to defaults!')).toBeVisible();
  await expect(page.getByLabel('School name')).toHaveValue('My Academy');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeHidden();
  await expect(preview.userBubble).toHaveCSS('background-color', rgb(WIDGET_DEFAULTS.primary_color));
});

test('leaving with unsaved changes asks first; tabs keep the draft', async ({ page }) => {
  await openSettings(page);
  await page.getByLabel('School name').fill('Unsaved Academy');
  await tabTo(page, 'Behavior');
  await tabTo(page, 'School Branding');
  await expect(page.getByLabel('School name')).toHaveValue('Unsaved Academy');

  await page.getByRole('link', { name: 'Leads' }).first().click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/widget/);
  await expect(page.getByLabel('School name')).toHaveValue('Unsaved Academy');

  // Closing the tab: the browser's own question.
  const asked = page.waitForEvent('dialog');
  void page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.accept();
});

test('leaving after confirming goes; without changes nothing is asked', async ({ page }) => {
  await openSettings(page);
  await page.getByLabel('School name').fill('Unsaved Academy');
  await page.getByRole('link', { name: 'Leads' }).first().click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave without saving' })
    .click();
  await expect(page).toHaveURL(/\/leads$/);
  // The Leads screen has rendered (the navigation is complete) before going back to the settings.
  await expect(page.getByRole('heading', { name: 'Leads Management' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/widget$/);
  await expect(page.getByLabel('School name')).toHaveValue('My Academy');
  await page.getByRole('link', { name: 'Leads' }).first().click();
  await expect(page).toHaveURL(/\/leads$/);
});
