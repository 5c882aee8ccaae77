import type { SegmentAnalytics } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SegmentAnalyticsDialog } from './segment-analytics-dialog';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // Recharts' ResponsiveContainer measures its box; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const segment = { id: 'segment-1', name: 'Autism families' };

function analytics(overrides: Partial<SegmentAnalytics> = {}): SegmentAnalytics {
  return {
    segment_id: 'segment-1',
    time_range: '30d',
    lead_growth: [
      { date: '2026-11-22', new_leads: 1, total_leads: 1 },
      { date: '2026-11-23', new_leads: 2, total_leads: 3 },
    ],
    conversion_rates: {
      total_leads: 3,
      enrolled_rate: 1 / 3,
      by_status: [
        { status: 'pending', count: 2, rate: 2 / 3 },
        { status: 'contacted', count: 0, rate: 0 },
        { status: 'interested', count: 0, rate: 0 },
        { status: 'enrolled', count: 1, rate: 1 / 3 },
        { status: 'lost', count: 0, rate: 0 },
      ],
    },
    engagement_metrics: {
      conversations_completed: 4,
      resources_downloaded: 5,
      campaign_opens: 0,
      campaign_clicks: 0,
    },
    ...overrides,
  };
}

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SegmentAnalyticsDialog segment={segment} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe('SegmentAnalyticsDialog', () => {
  it('shows growth as text, conversion by status and engagement, and reloads for another range', async () => {
    fetchMock.mockImplementation(async () => Response.json(analytics()));
    renderDialog();
    expect(screen.getByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Lead growth per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText(/3 joined in this range/)).toBeInTheDocument();
    expect(screen.getByText('Enrolled').nextSibling).toHaveTextContent('1 (33.3%)');
    expect(screen.getByText('Conversations completed').nextSibling).toHaveTextContent('4');
    expect(screen.getByText('Resources downloaded').nextSibling).toHaveTextContent('5');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/segments/segment-1/analytics?time_range=30d');

    await userEvent.selectOptions(screen.getByLabelText('Time range'), '7d');
    await screen.findByRole('table', { name: 'Lead growth per day' });
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('time_range=7d');
  });

  it('says so when the segment has no leads', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        analytics({
          lead_growth: [],
          conversion_rates: { total_leads: 0, enrolled_rate: 0, by_status: [] },
        }),
      ),
    );
    renderDialog();
    expect(await screen.findByText('No leads in this segment yet')).toBeInTheDocument();
  });

  it('shows the server error with a way to try again', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Segment not found' }, { status: 404 }));
    renderDialog();
    expect(await screen.findByRole('alert')).toHaveTextContent('Segment not found');
    fetchMock.mockResolvedValueOnce(Response.json(analytics()));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Lead growth per day' })).toBeInTheDocument();
  });
});
