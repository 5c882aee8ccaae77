import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInThroughApi } from '../support/auth';
import { solidPng } from './settings-setup';
import { widgetOn } from './widget-setup';

/** What these tests change, and the spec's defaults (3.6) they put back for the other journeys. */
const SCHOOL_SETTINGS = {
  school_name: 'Brightwater Academy',
  chatbot_name: 'Wren',
  welcome_message: 'Hello from {{chatbot_name}} at {{school_name}}!',
  primary_color: '#FACC15',
  secondary_color: '#FDE68A',
  background_color: '#0F172A',
  text_color: '#E2E8F0',
  border_radius: '4px',
  position: 'top-left',
  call_to_action_text: 'Questions about admissions? Ask Wren',
  show_branding: false,
};
const DEFAULTS = {
  school_name: 'My Academy',
  chatbot_name: 'School Assistant',
  welcome_message: 'Hi! Welcome to {{school_name}}. How can I help you today?',
  primary_color: '#4F46E5',
  secondary_color: '#7C3AED',
  background_color: '#FFFFFF',
  text_color: '#1F2937',
  border_radius: '12px',
  position: 'bottom-right',
  avatar_url: null,
  call_to_action_text: null,
  show_branding: true,
  auto_open_enabled: false,
  auto_open_delay: 5,
  auto_open_only_new_visitors: true,
};

async function putSettings(request: APIRequestContext, token: string, data: object) {
  const res = await request.put('/api/widget/settings', {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(res.status(), await res.text()).toBe(200);
}

let token: string;
test.beforeEach(async ({ request }) => {
  token = (await signInThroughApi(request)).token;
});
test.afterEach(async ({ request }) => {
  await putSettings(request, token, DEFAULTS);
});

test("the widget wears the school's settings: names, welcome, colours with readable text, corner, avatar fallback, call to action, no branding", async ({
  page,
  request,
}) => {
  await putSettings(request, token, SCHOOL_SETTINGS);
  // An uploaded avatar that fails to load on the school's page (here: its request is cut).
  const upload = await request.post('/api/widget/upload-image', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      imageType: 'avatar',
      image: { name: 'wren.png', mimeType: 'image/png', buffer: solidPng(200, 200, [15, 118, 110]) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  await page.route('**/widget/images/**', (route) => route.abort());
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/widget/');
  const w = widgetOn(page, 'Wren');
  await expect(w.launcher).toBeVisible();
  // Top-left corner.
  const box = (await w.launcher.boundingBox())!;
  expect(box.x).toBeLessThan(40);
  expect(box.y).toBeLessThan(40);
  // A pale yellow primary gets dark text, not white.
  await expect(w.launcher).toHaveCSS('color', 'rgb(17, 24, 39)');
  await page.getByRole('button', { name: SCHOOL_SETTINGS.call_to_action_text }).click();
  await expect(w.dialog).toBeVisible();
  await expect(w.log).toContainText('Hello from Wren at Brightwater Academy!');
  await expect(w.dialog.getByRole('heading', { name: 'Wren' })).toBeVisible();
  await expect(w.dialog).toContainText('Brightwater Academy');
  await expect(w.dialog.getByText('Powered by Lantern')).toHaveCount(0);
  // The avatar image is missing: the bot's initials are shown instead.
  await expect(w.dialog.getByRole('img', { name: 'Wren' })).toHaveText('W');
  const bubble = w.log.locator('.lw-bubble').first();
  await expect(bubble).toHaveCSS('border-top-right-radius', '8px');
  // Light text on the dark background the school chose.
  await expect(bubble).toHaveCSS('color', 'rgb(226, 232, 240)');
});

test('auto-open: a new visitor sees the window open by itself after the delay, without losing the page focus; a returning one does not', async ({
  browser,
  request,
}) => {
  await putSettings(request, token, {
    auto_open_enabled: true,
    auto_open_delay: 3,
    auto_open_only_new_visitors: true,
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/widget/');
  const w = widgetOn(page);
  await expect(w.launcher).toBeVisible();
  await expect(w.dialog).toBeVisible({ timeout: 8_000 });
  await expect(w.input).not.toBeFocused();
  // The same visitor in a new tab: no longer new, so the window stays closed.
  const again = await context.newPage();
  await again.goto('/widget/');
  const w2 = widgetOn(again);
  await expect(w2.launcher).toBeVisible();
  await again.waitForTimeout(4_000);
  await expect(w2.dialog).toBeHidden();
  await context.close();
});
