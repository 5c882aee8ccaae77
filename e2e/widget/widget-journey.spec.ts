import fs from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { signInThroughApi } from '../support/auth';
import { useApiSession } from '../support/session';
import {
  HANDBOOK_ANSWER,
  measure,
  RESOURCE,
  RESOURCE_FILE,
  SEGMENT,
  speechResource,
  uploadHandbook,
  widgetOn,
} from './widget-setup';

const PARENT = { name: 'Morgan Reyes', email: 'morgan.reyes.widget@example.org', phone: '(555) 010-7788' };

test('a parent asks on the demo page, becomes a lead with two children, downloads a resource, and the admin sees it all', async ({
  page,
  browser,
  request,
}) => {
  const { token } = await signInThroughApi(request);
  await uploadHandbook(request, token);
  await speechResource(request, token);

  // The admin shell's 'Widget Demo' link points at the demo page.
  await useApiSession(page, request);
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Widget Demo/ })).toHaveAttribute('href', '/widget/');

  const parentContext = await browser.newContext({ acceptDownloads: true });
  const parent = await parentContext.newPage();
  let visitCalls = 0;
  parent.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/widget/visits')) visitCalls += 1;
  });
  await parent.goto('/widget/');
  await expect(parent.getByRole('heading', { name: 'Every child, understood.' })).toBeVisible();
  const w = widgetOn(parent);
  await expect(w.launcher).toHaveAttribute('aria-expanded', 'false');
  await w.launcher.click();
  await expect(w.dialog).toBeVisible();
  await expect(w.launcher).toHaveAttribute('aria-expanded', 'true');
  await expect(w.input).toBeFocused();
  await expect(w.log).toHaveAttribute('aria-live', 'polite');
  await expect(w.log).toContainText('Hi! Welcome to My Academy. How can I help you today?');
  await expect(w.dialog.getByText('Powered by Lantern')).toBeVisible();

  await w.say('Do you offer speech therapy?', HANDBOOK_ANSWER);
  await w.say(`I'm ${PARENT.name}`, /email/);
  await w.say(PARENT.email, "child's first name");
  await w.say('Two kids: Ava 5 and Leo 9', 'Does Ava have any special needs');

  // A reload mid-conversation: the window opens again where it was, and the chat goes on.
  const visitorId = () => parent.evaluate(() => localStorage.getItem('lantern.widget.visitor'));
  const visitor = await visitorId();
  expect(visitor).toMatch(/^[\w-]{16,64}$/);
  await parent.reload();
  await expect(w.dialog).toBeVisible();
  await expect(w.log).toContainText('Do you offer speech therapy?');
  await expect(w.log).toContainText('Two kids: Ava 5 and Leo 9');
  // One visit call per page load, by the same visitor.
  expect(visitCalls).toBe(2);
  expect(await visitorId()).toBe(visitor);
  await w.say('Ava has a speech delay');
  await w.say('Leo has ADHD', 'any other children');
  await w.say('no', 'phone number');
  await w.say(PARENT.phone, 'text you');
  await w.say('yes you can text me', 'hoping to start');
  await w.say('next school year');
  await w.say('Leo worries about loud lunch halls');

  // The family's resource is offered as a download that works.
  const resources = w.dialog.getByRole('region', { name: 'Resources for you' });
  await expect(resources).toContainText(RESOURCE.title);
  const link = resources.getByRole('link', { name: `Download ${RESOURCE.title}` });
  await expect(link).toHaveAttribute('download', '');
  const [download] = await Promise.all([parent.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(RESOURCE_FILE.name);
  expect(fs.readFileSync(await download.path())).toEqual(RESOURCE_FILE.buffer);
  await parentContext.close();

  // The admin sees the lead: both children, a score, the segment, and the whole conversation.
  await page.goto(`/leads?search=${encodeURIComponent(PARENT.email)}`);
  const row = page.getByTestId('lead-row').filter({ hasText: PARENT.email });
  await expect(row).toContainText(PARENT.name);
  await expect(row).toContainText(SEGMENT);
  const score = Number(await row.locator('[data-band]').innerText());
  expect(score).toBeGreaterThanOrEqual(60);
  await row.getByRole('button', { name: 'Open conversation history' }).click();
  const history = page.getByRole('dialog', { name: /Conversation History/ });
  await expect(history.getByRole('button', { name: /Session #1/ })).toBeVisible();
  const extracted = history.getByRole('region', { name: 'Extracted Information' });
  await expect(extracted).toContainText(PARENT.name);
  await expect(extracted).toContainText(PARENT.email);
  await expect(extracted).toContainText('Ava, Leo');
  await expect(history).toContainText(/Ava\s*· 5 years/);
  await expect(history).toContainText(/Leo\s*· 9 years/);
  const transcript = history.getByRole('list', { name: 'Messages' });
  await expect(transcript).toContainText('Do you offer speech therapy?');
  await expect(transcript).toContainText(HANDBOOK_ANSWER);
  await expect(transcript).toContainText('Leo worries about loud lunch halls');
});

test('a host page with aggressive global CSS changes nothing in the widget, and the widget changes nothing on the page', async ({
  browser,
}) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    const shapes: Record<string, unknown>[] = [];
    for (const path of ['/widget/', '/widget/hostile.html']) {
      shapes.push(await shapeOfWidget(browser, viewport, path));
    }
    expect(shapes[1], `at ${viewport.width} px`).toEqual(shapes[0]);
  }
});

/** The widget's boxes and styles on one page, closed then open, at one viewport. */
async function shapeOfWidget(browser: Browser, viewport: { width: number; height: number }, path: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  // No opening animation, so boxes are measured at rest.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  const w = widgetOn(page);
  await expect(w.launcher).toBeVisible();
  const launcher = await measure(w.launcher);
  // Clickable above the page's own top-of-the-stack elements.
  await w.launcher.click();
  await expect(w.input).toBeFocused();
  await expect(w.log).toContainText('How can I help you today?');
  const shape = {
    launcher,
    window: await measure(w.dialog),
    title: await measure(w.dialog.getByRole('heading', { name: 'School Assistant' })),
    bubble: await measure(w.log.locator('.lw-bubble').first()),
    input: await measure(w.input),
    send: await measure(w.dialog.getByRole('button', { name: 'Send message' })),
  };
  // Its styles live in its shadow root only: the page gains no style element.
  expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(0);
  if (path.endsWith('hostile.html')) {
    const pageButton = page.getByRole('button', { name: 'A page button' });
    await expect(pageButton).toHaveCSS('background-color', 'rgb(255, 0, 0)');
  }
  await context.close();
  return shape;
}
