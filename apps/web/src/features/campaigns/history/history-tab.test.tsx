import { CAMPAIGN_MESSAGES, CAMPAIGN_RESULTS_MESSAGES, type CampaignHistoryItem } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispositionFilename } from '@/lib/api-client';
import { historyParams, NO_HISTORY_FILTERS } from './history-api';
import { HistoryFiltersBar } from './history-filters';
import { HistoryTab } from './history-tab';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const item = (overrides: Partial<CampaignHistoryItem> = {}): CampaignHistoryItem => ({
  id: 'c-1',
  name: 'Open day invitation',
  subject: 'Come and see us',
  sent_at: '2026-11-20T15:00:00.000Z',
  segments: ['Early years'],
  recipients: 3,
  opens: 1,
  clicks: 2,
  open_rate: 1 / 3,
  click_rate: 2 / 3,
  ...overrides,
});

type Handler = (url: URL) => Response | Promise<Response>;
let history: Handler;
let exportFile: Handler;
const requested: URL[] = [];

const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://localhost');
  requested.push(url);
  const method = init?.method ?? 'GET';
  if (method === 'GET' && url.pathname === '/api/campaigns/history') return history(url);
  if (method === 'GET' && url.pathname === '/api/campaigns/history/export') return exportFile(url);
  if (url.pathname === '/api/campaigns/segment-options')
    return json({
      segments: [
        {
          id: '0b7d3c1e-1111-4c1e-8a1e-000000000001',
          name: 'Early years',
          description: null,
          active_leads: 3,
          is_active: true,
          never_contact: false,
        },
        {
          id: '0b7d3c1e-1111-4c1e-8a1e-000000000002',
          name: 'Autism support',
          description: null,
          active_leads: 5,
          is_active: true,
          never_contact: false,
        },
      ],
    });
  if (url.pathname === '/api/campaigns/tracking-settings')
    return json({ settings: { open_tracking_enabled: true } });
  return json({ error: 'not found' }, 404);
});

beforeEach(() => {
  requested.length = 0;
  history = () => json({ campaigns: [item()], total: 1 });
  exportFile = () => new Response('Campaign Name\n', { headers: { 'Content-Type': 'text/csv' } });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <HistoryTab />
    </QueryClientProvider>,
  );
}

const historyCalls = () => requested.filter((url) => url.pathname === '/api/campaigns/history');
const lastHistoryCall = () => historyCalls().at(-1)!;

describe('historyParams', () => {
  it('sends only the filters that are set, the dates exactly as chosen', () => {
    expect(historyParams(NO_HISTORY_FILTERS).toString()).toBe('');
    const params = historyParams(
      { search: '  open day ', segmentId: 'seg-1', startDate: '2026-11-01', endDate: '2026-11-30' },
      { limit: 25, offset: 50 },
    );
    expect(Object.fromEntries(params)).toEqual({
      search: 'open day',
      segment_id: 'seg-1',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      limit: '25',
      offset: '50',
    });
  });
});

describe('HistoryFiltersBar', () => {
  it('passes each chosen date on as YYYY-MM-DD and flags a start after the end', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <HistoryFiltersBar
        filters={NO_HISTORY_FILTERS}
        segments={[]}
        onChange={onChange}
        onClear={vi.fn()}
        hasFilters={false}
      />,
    );
    fireEvent.change(screen.getByLabelText('Sent from'), { target: { value: '2026-11-05' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_HISTORY_FILTERS, startDate: '2026-11-05' });
    fireEvent.change(screen.getByLabelText('Sent to'), { target: { value: '2026-11-07' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_HISTORY_FILTERS, endDate: '2026-11-07' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    rerender(
      <HistoryFiltersBar
        filters={{ ...NO_HISTORY_FILTERS, startDate: '2026-11-09', endDate: '2026-11-07' }}
        segments={[]}
        onChange={onChange}
        onClear={vi.fn()}
        hasFilters
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(CAMPAIGN_RESULTS_MESSAGES.dateOrder);
    expect(screen.getByLabelText('Sent from')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('HistoryTab', () => {
  it('lists sent campaigns with their figures and rates to one decimal place', async () => {
    renderTab();
    const row = await screen.findByTestId('history-row');
    expect(within(row).getByText('Open day invitation')).toBeInTheDocument();
    expect(within(row).getByText('Early years')).toBeInTheDocument();
    expect(within(row).getByText('33.3%')).toBeInTheDocument();
    expect(within(row).getByText('66.7%')).toBeInTheDocument();
    expect(screen.getByText('1 sent campaign')).toBeInTheDocument();
  });

  it('asks the server with the search, segment and both dates, from the first page', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByTestId('history-row');

    await user.type(screen.getByLabelText('Search sent campaigns'), 'open day');
    await waitFor(() => expect(lastHistoryCall().searchParams.get('search')).toBe('open day'));

    await screen.findByRole('option', { name: 'Autism support' });
    await user.selectOptions(screen.getByLabelText('Segment'), 'Autism support');
    fireEvent.change(screen.getByLabelText('Sent from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Sent to'), { target: { value: '2026-11-30' } });

    await waitFor(() => {
      const params = lastHistoryCall().searchParams;
      expect(params.get('segment_id')).toBe('0b7d3c1e-1111-4c1e-8a1e-000000000002');
      expect(params.get('start_date')).toBe('2026-11-01');
      expect(params.get('end_date')).toBe('2026-11-30');
      expect(params.get('offset')).toBe('0');
    });
  });

  it('does not ask for a reversed range', async () => {
    renderTab();
    await screen.findByTestId('history-row');
    fireEvent.change(screen.getByLabelText('Sent to'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(lastHistoryCall().searchParams.get('end_date')).toBe('2026-11-01'));
    const before = historyCalls().length;
    fireEvent.change(screen.getByLabelText('Sent from'), { target: { value: '2026-11-09' } });
    expect(await screen.findByText(CAMPAIGN_RESULTS_MESSAGES.dateOrder)).toBeInTheDocument();
    expect(historyCalls()).toHaveLength(before);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('says when nothing has been sent, and when nothing matches the filters', async () => {
    history = () => json({ campaigns: [], total: 0 });
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText('No campaigns have been sent yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await user.type(screen.getByLabelText('Search sent campaigns'), 'zzz');
    expect(await screen.findByText(CAMPAIGN_RESULTS_MESSAGES.noHistory)).toBeInTheDocument();
    // The empty state's own Clear filters (the bar has one too) brings the unfiltered list back.
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(await screen.findByText('No campaigns have been sent yet')).toBeInTheDocument();
    expect(lastHistoryCall().searchParams.has('search')).toBe(false);
  });

  it('only logs a failed load and shows a frame that claims nothing, with Try again (spec 8.6)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    history = () => json({ error: 'boom' }, 500);
    renderTab();
    expect(await screen.findByText('Campaign history')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // Not knowing is not the same as none sent.
    expect(screen.queryByText('No campaigns have been sent yet')).not.toBeInTheDocument();
    expect(screen.queryByText(CAMPAIGN_MESSAGES.loadFailed)).not.toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith(CAMPAIGN_MESSAGES.loadFailed, expect.anything()));
  });

  it('exports with the same filters and saves under the server-given name', async () => {
    exportFile = () =>
      new Response('Campaign Name\n', {
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="campaign-history-2026-11-24.csv"',
        },
      });
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderTab();
    await screen.findByTestId('history-row');
    fireEvent.change(screen.getByLabelText('Sent from'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(lastHistoryCall().searchParams.get('start_date')).toBe('2026-11-01'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['campaign-history-2026-11-24.csv']));
    const exportCall = requested.find((url) => url.pathname === '/api/campaigns/history/export')!;
    expect(exportCall.searchParams.get('start_date')).toBe('2026-11-01');
    expect(exportCall.searchParams.has('limit')).toBe(false);
  });
});

describe('dispositionFilename', () => {
  it('reads the name a server gives, and never a path', () => {
    expect(dispositionFilename('attachment; filename="campaign-history-2026-11-24.csv"')).toBe(
      'campaign-history-2026-11-24.csv',
    );
    expect(dispositionFilename('attachment; filename*=UTF-8\'\'caf%C3%A9.csv; filename="cafe.csv"')).toBe(
      'café.csv',
    );
    expect(dispositionFilename('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(dispositionFilename('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });
});
