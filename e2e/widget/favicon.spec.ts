import { expect, test } from '@playwright/test';

// Without an icon link the browser asks for /favicon.ico, which does not exist: a 404 in the console.
for (const path of ['/widget/', '/widget/hostile.html', '/login', '/preview/some-token']) {
  test(`${path} names a favicon that loads, and logs no failed request`, async ({ page }) => {
    const failures: string[] = [];
    page.on('console', (message) => {
      const url = message.location().url;
      // An unknown approval link's lookup answers 404 by design: the page then says 'Preview Not Found'.
      if (url.includes('/api/campaigns/preview/')) return;
      if (message.type() === 'error' && /Failed to load resource/.test(message.text()))
        failures.push(`${message.text()} ${url}`);
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');

    const href = await page.locator('link[rel~="icon"]').getAttribute('href');
    expect(href, 'an absolute icon link, so it resolves under any path').toMatch(/^\//);
    const icon = await page.request.get(new URL(href!, page.url()).toString());
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    expect(failures).toEqual([]);
  });
}
