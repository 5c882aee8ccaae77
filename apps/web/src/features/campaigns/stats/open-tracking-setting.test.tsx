import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpenTrackingSetting } from './open-tracking-setting';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let stored = true;
let failPut = false;
const puts: unknown[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  expect(String(input)).toBe('/api/campaigns/tracking-settings');
  if (init?.method === 'PUT') {
    const body = JSON.parse(String(init.body)) as { open_tracking_enabled: boolean };
    puts.push(body);
    if (failPut) return json({ error: 'Could not save' }, 500);
    stored = body.open_tracking_enabled;
  }
  return json({ settings: { open_tracking_enabled: stored } });
});

beforeEach(() => {
  stored = true;
  failPut = false;
  puts.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderSetting() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <OpenTrackingSetting />
    </QueryClientProvider>,
  );
}

describe('OpenTrackingSetting', () => {
  it('shows the school setting as a switch and saves a change', async () => {
    const user = userEvent.setup();
    renderSetting();
    const toggle = await screen.findByRole('switch', { name: 'Track opens' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(puts).toEqual([{ open_tracking_enabled: false }]);
    expect(stored).toBe(false);
  });

  it('goes back to the saved value when saving fails', async () => {
    failPut = true;
    const user = userEvent.setup();
    renderSetting();
    const toggle = await screen.findByRole('switch', { name: 'Track opens' });
    await user.click(toggle);
    await waitFor(() => expect(puts).toHaveLength(1));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(toggle).toBeEnabled();
  });
});
