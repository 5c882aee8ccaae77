import { expect, test } from '@playwright/test';
import { widgetOn } from './widget-setup';

test('the widget is used with the keyboard alone: Enter opens, Shift+Enter breaks a line, Escape closes and focus returns', async ({
  page,
}) => {
  await page.goto('/widget/');
  const w = widgetOn(page);
  await w.launcher.focus();
  await page.keyboard.press('Enter');
  await expect(w.dialog).toBeVisible();
  await expect(w.input).toBeFocused();
  const send = w.dialog.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  await page.keyboard.type('Hello');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('there');
  await expect(w.input).toHaveValue('Hello\nthere');
  await expect(send).toBeEnabled();
  // Tab goes on to the send button, Shift+Tab back to the message box.
  await page.keyboard.press('Tab');
  await expect(send).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(w.input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(w.dialog).toBeHidden();
  await expect(w.launcher).toBeFocused();
  await expect(w.launcher).toHaveAttribute('aria-expanded', 'false');
  // Enter opens it again with the draft kept, and Enter in the message box sends it.
  await page.keyboard.press('Enter');
  await expect(w.input).toBeFocused();
  await expect(w.input).toHaveValue('Hello\nthere');
  await page.keyboard.press('Enter');
  await expect(w.log.locator('.lw-row-user').last()).toContainText('Hello\nthere');
  await expect(w.input).toHaveValue('');
  await expect(w.log.locator('.lw-row-bot')).toHaveCount(2);
});

test('on a phone the chat window fills the screen and closes back to the launcher', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/widget/');
  const w = widgetOn(page);
  await w.launcher.tap();
  await expect(w.dialog).toBeVisible();
  await expect.poll(() => w.dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
  await expect(w.launcher).toBeHidden();
  await w.dialog.getByRole('button', { name: 'Close chat' }).tap();
  await expect(w.dialog).toBeHidden();
  await expect(w.launcher).toBeVisible();
  // The page itself is usable on a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});

test('when the server cannot be reached the launcher still shows, and the window says so with a way to retry', async ({
  page,
}) => {
  let isDown = true;
  await page.route(/\/widget\/(config|visits|conversations)/, (route) =>
    isDown ? route.abort() : route.fallback(),
  );
  await page.goto('/widget/');
  const w = widgetOn(page);
  // The defaults of spec 3.6 (the config call failed).
  await expect(w.launcher).toBeVisible();
  await expect(w.launcher).toHaveCSS('background-image', /rgb\(79, 70, 229\)/);
  await w.launcher.click();
  const notice = w.dialog.getByRole('alert');
  await expect(notice).toContainText("We can't reach the school's assistant right now");
  isDown = false;
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(w.log).toContainText('How can I help you today?');
});

test('a message that fails to send can be retried, and too many messages get a polite answer', async ({
  page,
}) => {
  await page.goto('/widget/');
  const w = widgetOn(page);
  await w.launcher.click();
  await expect(w.log).toContainText('How can I help you today?');

  let reply: 'fail' | 'busy' | 'real' = 'fail';
  await page.route(/\/widget\/conversations\/[^/]+\/messages$/, (route) => {
    if (reply === 'fail') return route.fulfill({ status: 500, json: { error: 'Internal Server Error' } });
    if (reply === 'busy')
      return route.fulfill({
        status: 429,
        json: { error: 'Too many messages. Please wait 20 seconds and try again.' },
      });
    return route.fallback();
  });
  await w.input.fill('What time does the school day start?');
  await w.input.press('Enter');
  const alert = w.dialog.getByRole('alert');
  await expect(alert).toContainText("Your message wasn't sent.");
  reply = 'busy';
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toContainText('Too many messages. Please wait 20 seconds and try again.');
  reply = 'real';
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toBeHidden();
  await expect(w.log.locator('.lw-row-bot')).toHaveCount(2);
  // Shown once, as the parent typed it.
  await expect(w.log.getByText('What time does the school day start?')).toHaveCount(1);
});

test('markup in a message is shown as text, never run', async ({ page }) => {
  await page.goto('/widget/');
  const w = widgetOn(page);
  await w.launcher.click();
  const markup = '<img src=x onerror="window.__xss=1"><b>bold</b>';
  await w.input.fill(markup);
  await w.input.press('Enter');
  await expect(w.log.locator('.lw-row-user').last()).toHaveText(
    new RegExp(`${markup.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  await expect(w.log.locator('.lw-row-bot')).toHaveCount(2);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(w.dialog.locator('img[src="x"], b')).toHaveCount(0);
});

test('answers arrive as a stream of server-sent events, and a plain JSON answer is shown too', async ({
  page,
}) => {
  await page.goto('/widget/');
  const w = widgetOn(page);
  await w.launcher.click();
  await expect(w.log).toContainText('How can I help you today?');
  const streamed = page.waitForResponse(/\/widget\/conversations\/[^/]+\/messages$/);
  await w.input.fill('How big are the classes?');
  await w.input.press('Enter');
  const response = await streamed;
  expect(response.request().headers()['accept']).toBe('text/event-stream');
  expect(response.headers()['content-type']).toContain('text/event-stream');
  await expect(w.log.locator('.lw-row-bot')).toHaveCount(2);

  // A proxy that turns the stream into one JSON answer: the widget reads it all the same.
  await page.route(/\/widget\/conversations\/[^/]+\/messages$/, (route) =>
    route.fulfill({
      status: 200,
      json: {
        message: {
          role: 'assistant',
          content: 'An answer sent as JSON.',
          timestamp: new Date().toISOString(),
        },
        status: 'in_progress',
        resources: [],
      },
    }),
  );
  await w.input.fill('And the school day?');
  await w.input.press('Enter');
  await expect(w.log.locator('.lw-row-bot').last()).toContainText('An answer sent as JSON.');
});

test('a typing indicator shows while the answer is on its way, and the send button waits', async ({
  page,
}) => {
  await page.goto('/widget/');
  const w = widgetOn(page);
  await w.launcher.click();
  await expect(w.log).toContainText('How can I help you today?');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/widget\/conversations\/[^/]+\/messages$/, async (route) => {
    await held;
    await route.fallback();
  });
  await w.input.fill('Is there aftercare?');
  await w.input.press('Enter');
  await expect(w.dialog.getByLabel('School Assistant is typing')).toBeVisible();
  await w.input.fill('A second question');
  await expect(w.dialog.getByRole('button', { name: 'Send message' })).toBeDisabled();
  release();
  await expect(w.dialog.getByLabel('School Assistant is typing')).toBeHidden();
  await expect(w.log.locator('.lw-row-bot')).toHaveCount(2);
  await expect(w.dialog.getByRole('button', { name: 'Send message' })).toBeEnabled();
});

test('the widget works on a school site with a strict Content-Security-Policy (no inline styles or scripts)', async ({
  page,
  baseURL,
}) => {
  // A school page on the same host for the test, served with the strictest policy the widget can live with.
  await page.route('**/school-with-strict-csp.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: {
        'content-security-policy': `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'`,
      },
      body: `<!doctype html><html lang="en"><head><title>Strict school</title></head><body><h1>Strict school</h1><script src="${baseURL}/widget/widget.js" async></script></body></html>`,
    }),
  );
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/widget/school-with-strict-csp.html');
  const w = widgetOn(page);
  await expect(w.launcher).toBeVisible();
  // Styled (the school's primary colour), so its style sheet was allowed.
  await expect(w.launcher).toHaveCSS('background-image', /rgb\(79, 70, 229\)/);
  await expect(w.launcher).toHaveCSS('width', '60px');
  await w.launcher.click();
  await expect(w.log).toContainText('How can I help you today?');
  expect(violations).toEqual([]);
});
