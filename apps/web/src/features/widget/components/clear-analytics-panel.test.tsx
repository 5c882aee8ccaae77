import type { ClearAnalyticsPreview } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClearAnalyticsPanel } from './clear-analytics-panel';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function preview(twoFactorRequired = false): ClearAnalyticsPreview {
  return {
    counts: { visitors: 12, conversations: 9, leads: 4, resourceDownloads: 3, downloadTokens: 2 },
    totalWithoutLeads: 26,
    totalWithLeads: 30,
    twoFactorRequired,
  };
}

/** Answers the dry run, then the clear call with `clear`. */
function serve(dryRun: ClearAnalyticsPreview, clear: () => Response) {
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/preview') ? json(dryRun) : clear(),
  );
}

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ClearAnalyticsPanel />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const clearCall = () => fetchMock.mock.calls.find(([url]) => String(url) === '/admin/clear-analytics');

describe('ClearAnalyticsPanel', () => {
  it('shows the dry run with leads kept by default, then the summary, and Done goes back to idle', async () => {
    serve(preview(), () =>
      json({
        message: 'Successfully cleared 26 records!',
        summary: {
          visitors: 12,
          conversations: 9,
          leads: 0,
          resourceDownloads: 3,
          downloadTokens: 2,
          totalCleared: 26,
        },
      }),
    );
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Clear analytics data' }));
    const table = await screen.findByRole('table', { name: 'What clearing would delete' });
    expect(within(table).getByRole('row', { name: /Conversations/ })).toHaveTextContent('9');
    expect(within(table).getByRole('row', { name: /Leads \(kept\)/ })).toHaveTextContent('0');
    expect(screen.getByRole('checkbox', { name: /Also delete leads/ })).not.toBeChecked();
    expect(screen.queryByLabelText('Current 2FA code')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Your password'), 'lantern-admin');
    await user.click(screen.getByRole('button', { name: 'Clear 26 records' }));
    expect(await screen.findByText('Successfully cleared 26 records!')).toBeInTheDocument();
    expect(JSON.parse(String(clearCall()![1]!.body))).toEqual({
      password: 'lantern-admin',
      include_leads: false,
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Clear analytics data' })).toBeInTheDocument();
  });

  it('counts the leads in only when "Also delete leads" is ticked', async () => {
    serve(preview(), () => json({ error: 'never called' }, 500));
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Clear analytics data' }));
    await user.click(await screen.findByRole('checkbox', { name: /Also delete leads/ }));
    expect(screen.getByRole('row', { name: /^Leads/ })).toHaveTextContent('4');
    expect(screen.getByRole('button', { name: 'Clear 30 records' })).toBeInTheDocument();
  });

  it('asks for the password, and for the code when two-factor is on, before calling the server', async () => {
    serve(preview(true), () => json({ error: 'Invalid verification code' }, 400));
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Clear analytics data' }));
    await user.click(await screen.findByRole('button', { name: 'Clear 26 records' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password');
    await user.type(screen.getByLabelText('Your password'), 'lantern-admin');
    await user.click(screen.getByRole('button', { name: 'Clear 26 records' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your current 2FA code');
    expect(clearCall()).toBeUndefined();

    // The server refuses the code: its reason is shown, the code is cleared, nothing else changes.
    await user.type(screen.getByLabelText('Current 2FA code'), '12a3456');
    expect(screen.getByLabelText('Current 2FA code')).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Clear 26 records' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code');
    expect(screen.getByLabelText('Current 2FA code')).toHaveValue('');
    expect(JSON.parse(String(clearCall()![1]!.body))).toMatchObject({ code: '123456' });
  });
});
