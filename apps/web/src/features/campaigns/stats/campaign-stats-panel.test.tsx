import { CAMPAIGN_RESULTS_MESSAGES, type CampaignResultStats } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CampaignRowStats } from './campaign-row-stats';
import { CampaignStatsPanel } from './campaign-stats-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const stats = (overrides: Partial<CampaignResultStats> = {}): CampaignResultStats => ({
  sent: 3,
  opens: 1,
  clicks: 2,
  bounced: 0,
  unsubscribed: 1,
  open_rate: 1 / 3,
  click_rate: 2 / 3,
  open_tracking: true,
  opens_are_estimates: true,
  ...overrides,
});

let answer: () => Response;
const fetchMock = vi.fn<typeof fetch>(async () => answer());

beforeEach(() => {
  answer = () => json({ stats: stats() });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function wrap(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>);
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('CampaignStatsPanel', () => {
  it('shows the seven figures, rates as percentages, and that opens are estimates', async () => {
    wrap(<CampaignStatsPanel campaignId="c-1" />);
    const panel = await screen.findByTestId('campaign-stats');
    await within(panel).findByText('33.3%');
    expect(figure('Sent')).toBe('3');
    expect(figure('Opens')).toBe('1');
    expect(figure('Clicks')).toBe('2');
    expect(figure('Bounced')).toBe('0');
    expect(figure('Unsubscribed')).toBe('1');
    expect(figure('Open rate')).toBe('33.3%');
    expect(figure('Click rate')).toBe('66.7%');
    expect(panel).toHaveTextContent(CAMPAIGN_RESULTS_MESSAGES.opensEstimate);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/campaigns/c-1/stats');
  });

  it('says opens are not tracked when the school turned them off', async () => {
    answer = () => json({ stats: stats({ opens: 0, open_rate: 0, open_tracking: false }) });
    wrap(<CampaignStatsPanel campaignId="c-1" />);
    expect(
      await screen.findByText(new RegExp(CAMPAIGN_RESULTS_MESSAGES.openTrackingOff)),
    ).toBeInTheDocument();
    expect(screen.getByTestId('campaign-stats')).not.toHaveTextContent(
      CAMPAIGN_RESULTS_MESSAGES.opensEstimate,
    );
    // Opens counted before it was turned off are still shown.
    expect(figure('Open rate')).toBe('0.0%');
  });

  it('offers Try again when the stats cannot be loaded', async () => {
    answer = () => json({ error: 'nope' }, 500);
    wrap(<CampaignStatsPanel campaignId="c-1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load campaign stats');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('CampaignRowStats', () => {
  it('shows a sent campaign’s rates compactly', async () => {
    wrap(<CampaignRowStats campaign={{ id: 'c-1', publish_status: 'sent' }} />);
    expect(await screen.findByTestId('row-stats')).toHaveTextContent('33.3% opened · 66.7% clicked');
  });

  it('leaves opens out of the row when open tracking is off and none were counted', async () => {
    answer = () => json({ stats: stats({ opens: 0, open_rate: 0, open_tracking: false }) });
    wrap(<CampaignRowStats campaign={{ id: 'c-1', publish_status: 'sent' }} />);
    const line = await screen.findByTestId('row-stats');
    expect(line).toHaveTextContent('66.7% clicked');
    expect(line).not.toHaveTextContent('opened');
  });

  it('asks nothing for a campaign not sent', () => {
    const { container } = wrap(<CampaignRowStats campaign={{ id: 'c-1', publish_status: 'published' }} />);
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
