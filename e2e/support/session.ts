import type { APIRequestContext, Page } from '@playwright/test';
import { signInThroughApi, STORAGE_KEYS } from './auth';

/** Signs in through the API and puts the session where the app keeps it, before the first page loads. */
export async function useApiSession(page: Page, request: APIRequestContext) {
  const { token, user } = await signInThroughApi(request);
  await page.addInitScript(
    ({ keys, token, user }) => {
      if (sessionStorage.getItem('e2e-session-set')) return;
      sessionStorage.setItem('e2e-session-set', '1');
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.user, JSON.stringify(user));
    },
    { keys: STORAGE_KEYS, token, user },
  );
  return token;
}
