import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import {
  makeConversation,
  makeConversationList,
  makeDropOff,
  makeEmailHealth,
  makeFunnel,
  makeStats,
} from '../test/fixtures';
import { mockApi, stubBrowser } from '../test/mock-api';
import { renderAnalyticsRoute } from '../test/render-route';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));

const location = () => screen.getByTestId('location').textContent;

beforeEach(stubBrowser);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify.error).mockReset();
});

const webhookStats = {
  total_events: 12,
  by_type: [],
  last_received_at: '2026-11-20T10:00:00.000Z',
  failures: 1,
  pending: 0,
  rejected_since_start: 0,
};
const overviewAnswers = {
  '/api/analytics/conversation-stats': makeStats(),
  '/api/leads/email-health': makeEmailHealth(),
  '/api/webhooks/stats': webhookStats,
};

describe('Conversation Analytics', () => {
  it('shows the overview for the last 30 days by default, every figure with its words', async () => {
    const api = mockApi(overviewAnswers);
    renderAnalyticsRoute('/analytics');

    expect(screen.getByRole('heading', { level: 1, name: 'Conversation Analytics' })).toBeInTheDocument();
    expect(screen.getByLabelText('Period')).toHaveValue('30d');
    const figures = await screen.findByRole('region', { name: 'Conversation statistics' });
    for (const [label, value] of [
      ['Total conversations', '1,250'],
      ['Unique visitors', '980'],
      ['Conversion rate', '18.4%'],
      ['Converted', '230'],
      ['Abandoned', '900'],
      ['Active', '120'],
      ['Average duration', '7 min'],
      ['Messages per conversation', '8.2'],
    ] as const) {
      expect(within(figures).getByText(label).closest('div')).toHaveTextContent(value);
    }
    expect(figures).toHaveTextContent('1,250 conversations considered');
    // The period goes as the period: the server counts its days in the school's time zone.
    const asked = api.callsTo('/api/analytics/conversation-stats')[0]?.searchParams;
    expect(asked?.get('period')).toBe('30d');
    expect(asked?.has('dateFrom')).toBe(false);
  });

  it('gives the trends and peak hours as text too, with the rate badge coloured by the rule', async () => {
    mockApi(overviewAnswers);
    renderAnalyticsRoute('/analytics');
    const trends = await screen.findByRole('table', { name: 'Trends per day' });
    expect(within(trends).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('table', { name: 'Conversations by hour of the day' })).toHaveTextContent(
      '8 PM55',
    );
    const recent = screen.getByRole('list', { name: 'Conversion rate, last 7 days' });
    expect(within(recent).getByText('25%')).toHaveAttribute('data-tone', 'green');
    expect(within(recent).getByText('12%')).toHaveAttribute('data-tone', 'yellow');
    expect(within(recent).getByText('5%')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('Busiest at 8 PM (55 conversations)')).toBeInTheDocument();
  });

  it('grades email health, warns above 5% and says whether the webhook has a secret', async () => {
    mockApi(overviewAnswers);
    renderAnalyticsRoute('/analytics');
    const card = await screen.findByRole('region', { name: 'Email health' });
    await waitFor(() => expect(card).toHaveTextContent('Grade: Fair'));
    expect(card).toHaveTextContent('Unsubscribe rate7%');
    expect(within(card).getByRole('alert')).toHaveTextContent('above 5%');
    expect(card).toHaveTextContent('No secret configured');
  });

  it("shows the webhooks' activity and sends a signed test event on request", async () => {
    const api = mockApi({
      ...overviewAnswers,
      '/api/webhooks/test': {
        ok: false,
        status_code: 401,
        event_type: 'subscriber.unsubscribed',
        stored: false,
        message: 'The receiver refused the test event: no webhook secret is configured.',
      },
    });
    renderAnalyticsRoute('/analytics');
    const card = await screen.findByRole('region', { name: 'Email health' });
    await waitFor(() => expect(card).toHaveTextContent('12 events received'));
    expect(card).toHaveTextContent('1 event could not be applied.');
    await userEvent.click(within(card).getByRole('button', { name: 'Send test event' }));
    await waitFor(() =>
      expect(within(card).getByRole('status')).toHaveTextContent('no webhook secret is configured'),
    );
    expect(api.callsTo('/api/webhooks/test')).toHaveLength(1);
    // The stats are read again after the test.
    await waitFor(() => expect(api.callsTo('/api/webhooks/stats').length).toBeGreaterThan(1));
  });

  it('asks with the chosen period', async () => {
    const user = userEvent.setup();
    const api = mockApi(overviewAnswers);
    renderAnalyticsRoute('/analytics');
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 Days');
    await waitFor(() =>
      expect(api.callsTo('/api/analytics/conversation-stats').at(-1)?.searchParams.get('period')).toBe('7d'),
    );
    expect(location()).toBe('/analytics?period=7d');
    await user.selectOptions(screen.getByLabelText('Period'), 'All Time');
    // All Time is no period and no dates.
    await waitFor(() => expect(api.callsTo('/api/analytics/conversation-stats').at(-1)?.search).toBe(''));
  });

  it('toasts and shows the spec’s message when the statistics fail', async () => {
    mockApi({
      '/api/analytics/conversation-stats': Response.json({}, { status: 500 }),
      '/api/leads/email-health': makeEmailHealth(),
    });
    renderAnalyticsRoute('/analytics');
    expect(await screen.findByText('Failed to load analytics data')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Failed to load analytics data');
  });

  it('keeps the tab in the URL and moves between tabs from the keyboard', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/analytics/funnel': makeFunnel(), '/api/analytics/drop-off': makeDropOff() });
    renderAnalyticsRoute('/analytics?tab=funnel');
    expect(screen.getByRole('tab', { name: 'Conversion Funnel' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('Conversion funnel');

    screen.getByRole('tab', { name: 'Conversion Funnel' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Where parents leave')).toBeInTheDocument();
    expect(location()).toBe('/analytics?tab=drop-off');
  });
});

describe('All Conversations', () => {
  const rows = [
    makeConversation(),
    makeConversation({
      id: 'c0a80101-0000-4000-8000-000000000002',
      status: 'in_progress',
      lead_email: null,
      lead_id: null,
      parent_name: null,
      visitor_uuid: 'ab12cd34-0000-4000-8000-000000000009',
      duration: null,
      has_name: false,
      has_email: false,
    }),
  ];

  it('shows each row’s status in words, identity, duration, counts and flags, and opens the conversation', async () => {
    mockApi({ '/api/analytics/conversations': makeConversationList(rows) });
    renderAnalyticsRoute('/analytics?tab=conversations');
    const [first, second] = await screen.findAllByTestId('conversation-row');
    expect(first).toHaveTextContent('Converted');
    expect(within(first!).getByText('Converted')).toHaveAttribute('data-tone', 'green');
    expect(first).toHaveTextContent('Harper Journey');
    expect(first).toHaveTextContent('12 min');
    expect(first).toHaveTextContent('5 parent · 5 bot');
    expect(first).toHaveTextContent('Child info not given');
    expect(second).toHaveTextContent('In progress');
    expect(second).toHaveTextContent('Ongoing');
    expect(second).toHaveTextContent('Visitor ab12cd34');

    const link = within(first!).getByRole('link', { name: 'Open conversation with harper@example.org' });
    expect(link).toHaveAttribute('href', '/analytics/conversation/c0a80101-0000-4000-8000-000000000001');
  });

  it('returns to page 1 when a filter changes, and sends the filters', async () => {
    const user = userEvent.setup();
    const api = mockApi({ '/api/analytics/conversations': makeConversationList(rows, 2, 45) });
    renderAnalyticsRoute('/analytics?tab=conversations&page=2');
    await screen.findAllByTestId('conversation-row');
    expect(api.callsTo('/api/analytics/conversations')[0]?.searchParams.get('page')).toBe('2');

    await user.selectOptions(screen.getByLabelText('Status'), 'Abandoned');
    await waitFor(() => expect(location()).toBe('/analytics?tab=conversations&status=abandoned'));
    const sent = api.callsTo('/api/analytics/conversations').at(-1)!.searchParams;
    expect(sent.get('status')).toBe('abandoned');
    expect(sent.get('page')).toBe('1');
    expect(sent.get('limit')).toBe('20');

    await user.selectOptions(screen.getByLabelText('Per page'), '50');
    await waitFor(() =>
      expect(api.callsTo('/api/analytics/conversations').at(-1)?.searchParams.get('limit')).toBe('50'),
    );
  });

  it('searches what was said through the search call', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/analytics/conversations': makeConversationList(rows),
      '/api/analytics/conversations/search': makeConversationList([rows[0]!]),
    });
    renderAnalyticsRoute('/analytics?tab=conversations');
    await screen.findAllByTestId('conversation-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search in messages' }), 'tour');
    await waitFor(() => expect(api.callsTo('/api/analytics/conversations/search')).toHaveLength(1));
    expect(api.callsTo('/api/analytics/conversations/search')[0]?.searchParams.get('messageSearch')).toBe(
      'tour',
    );
    await waitFor(() => expect(screen.getAllByTestId('conversation-row')).toHaveLength(1));
  });

  it('says so when there is nothing, and toasts a failure', async () => {
    mockApi({ '/api/analytics/conversations': makeConversationList([]) });
    renderAnalyticsRoute('/analytics?tab=conversations');
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('toasts the spec’s message when the list fails', async () => {
    mockApi({ '/api/analytics/conversations': Response.json({}, { status: 500 }) });
    renderAnalyticsRoute('/analytics?tab=conversations');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to load conversations'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load conversations');
  });
});

describe('Conversion Funnel and Drop-off Analysis', () => {
  it('draws six stages with the rates between them and the insights by threshold', async () => {
    mockApi({ '/api/analytics/funnel': makeFunnel() });
    renderAnalyticsRoute('/analytics?tab=funnel');
    expect(await screen.findByText('Visitors')).toBeInTheDocument();
    for (const stage of ['Conversations', 'With name', 'With email', 'Leads', 'Subscribed']) {
      expect(screen.getByText(stage)).toBeInTheDocument();
    }
    expect(screen.getByText('8% continued')).toBeInTheDocument();
    // Subscribed is 39 of 1,000: drawn at the minimum width.
    expect(screen.getByText('Subscribed').parentElement).toHaveStyle({ width: '15%' });
    expect(screen.getByText(/Only 8% of visitors start a conversation/)).toBeInTheDocument();
    expect(screen.getByText('Excellent: 97.5% of leads stay subscribed.')).toBeInTheDocument();
    expect(screen.queryByText(/Great work/)).not.toBeInTheDocument();
    expect(screen.getByText('80 conversations considered')).toBeInTheDocument();
  });

  it('shows the funnel’s empty state', async () => {
    mockApi({
      '/api/analytics/funnel': makeFunnel({ total_visitors: 0, total_conversations: 0 }),
    });
    renderAnalyticsRoute('/analytics?tab=funnel');
    expect(await screen.findByText('No funnel data available')).toBeInTheDocument();
  });

  it('lists each drop-off stage with its figures and the summary', async () => {
    mockApi({ '/api/analytics/drop-off': makeDropOff() });
    renderAnalyticsRoute('/analytics?tab=drop-off');
    const row = (await screen.findByRole('rowheader', { name: 'Gave their email' })).closest('tr');
    expect(row).toHaveTextContent('Gave their email601545' + '25%');
    expect(screen.getByText('Overall completion rate').parentElement).toHaveTextContent('40%');
    expect(screen.getByText('100 conversations considered')).toBeInTheDocument();
  });

  it('shows the drop-off empty state, and toasts a failure', async () => {
    mockApi({
      '/api/analytics/drop-off': makeDropOff({
        stages: [],
        summary: { overall_completion_rate: 0, completed_leads: 0, total_conversations: 0 },
        considered: 0,
      }),
    });
    const view = renderAnalyticsRoute('/analytics?tab=drop-off');
    expect(await screen.findByText('No drop-off data available')).toBeInTheDocument();
    view.unmount();

    mockApi({ '/api/analytics/drop-off': Response.json({}, { status: 500 }) });
    renderAnalyticsRoute('/analytics?tab=drop-off');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to load drop-off analysis'));
  });
});
