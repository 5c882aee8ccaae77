import { CAMPAIGN_MESSAGES } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign, makeCompatibility, makeSegment, makeVoice } from '../test/fixtures';
import { CampaignsScreen } from './campaigns-screen';

// CodeMirror needs a real layout engine; a textarea stands in for it here (Playwright drives the real one).
vi.mock('@/components/ui/html-code-editor-impl', () => ({
  default: ({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

type Route = (url: URL, body: unknown) => unknown;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let routes: Record<string, Route>;
const calls: { method: string; path: string; body: unknown }[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ method, path: url.pathname, body });
  const route = routes[`${method} ${url.pathname}`];
  if (!route) return json({ error: 'not found' }, 404);
  const answer = route(url, body);
  return answer instanceof Response ? answer : json(answer);
});

const segments = [
  makeSegment(),
  makeSegment({ id: 's-2', name: 'Open day guests', active_leads: 20 }),
  makeSegment({ id: 's-3', name: 'Empty one', active_leads: 0 }),
];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  routes = {
    'GET /api/campaigns': () => ({ campaigns: [], total: 0 }),
    'GET /api/campaigns/segment-options': () => ({ segments }),
    'POST /api/campaigns/check-segment-compatibility': (_url, body) => {
      const ids = (body as { segment_ids: string[] }).segment_ids;
      return makeCompatibility({
        total_recipients: ids.length > 1 ? 42 : 30,
        overlapping_recipients: ids.length > 1 ? 8 : 0,
      });
    },
    'GET /api/voice-settings': () => ({ voice_settings: [makeVoice()] }),
    'GET /api/voice-settings/default': () => ({ voice_setting: makeVoice() }),
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderScreen(url = '/campaigns') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/campaigns', element: <CampaignsScreen /> }], {
    initialEntries: [url],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('CampaignsScreen', () => {
  it('offers Generate with AI and Create Manually when there are no campaigns', async () => {
    renderScreen();
    expect(await screen.findByText(CAMPAIGN_MESSAGES.noCampaigns)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Manually' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Generate with AI' }).length).toBeGreaterThan(0);
  });

  it('says so when the list fails to load', async () => {
    routes['GET /api/campaigns'] = () => json({ error: 'boom' }, 500);
    renderScreen();
    expect(await screen.findByText(CAMPAIGN_MESSAGES.loadFailed)).toBeInTheDocument();
  });

  it('shows badges in priority order and offers delete only where the rules allow it', async () => {
    routes['GET /api/campaigns'] = () => ({
      campaigns: [
        makeCampaign(),
        makeCampaign({
          id: 'c-2',
          name: 'Sent one',
          approval_status: 'approved',
          publish_status: 'sent',
          sent_at: '2026-11-21T10:00:00.000Z',
        }),
        makeCampaign({ id: 'c-3', name: 'Waiting one', approval_status: 'pending' }),
      ],
      total: 3,
    });
    renderScreen();
    const rows = await screen.findAllByTestId('campaign-row');
    expect(rows.map((row) => within(row).getByTestId('campaign-status').textContent)).toEqual([
      'Draft',
      'Sent',
      'Pending Approval',
    ]);
    expect(within(rows[0]!).getByRole('button', { name: 'Delete Spring open day' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(rows[0]!).getByText('72%')).toBeInTheDocument();
  });

  it('asks before deleting and deletes on confirmation', async () => {
    const user = userEvent.setup();
    routes['GET /api/campaigns'] = () => ({ campaigns: [makeCampaign()], total: 1 });
    routes['DELETE /api/campaigns/c-1'] = () => ({ success: true });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Delete Spring open day' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CAMPAIGN_MESSAGES.deleteConfirm)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Campaign' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/campaigns/c-1')).toBe(true),
    );
  });

  it('gives every validation message of 5.6 when the form is sent empty', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findAllByTestId('segment-option');
    // Save stays disabled until a segment is chosen (5.6).
    const save = within(dialog).getByRole('button', { name: 'Create Campaign' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByLabelText(/New enquiries/));
    await user.click(save);
    expect(await within(dialog).findByText(CAMPAIGN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CAMPAIGN_MESSAGES.subjectRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CAMPAIGN_MESSAGES.contentRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/campaigns')).toBe(false);
  });

  it('creates one campaign per segment, named with each segment, with the deduplicated total', async () => {
    const user = userEvent.setup();
    let created = 0;
    routes['POST /api/campaigns'] = (_url, body) => {
      created += 1;
      const b = body as { name: string; segment_id: string };
      return {
        id: `n-${created}`,
        campaign: makeCampaign({ id: `n-${created}`, name: b.name, segment_id: b.segment_id }),
      };
    };
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByLabelText(/New enquiries/));
    await user.click(within(dialog).getByLabelText(/Open day guests/));
    expect(within(dialog).getByLabelText(/Empty one/)).toBeDisabled();
    await waitFor(() =>
      expect(within(dialog).getByTestId('recipients-banner')).toHaveTextContent('42 total recipients'),
    );
    expect(within(dialog).getByTestId('recipients-banner')).toHaveTextContent(
      '8 families are in more than one',
    );
    expect(within(dialog).getByTestId('editor-footer')).toHaveTextContent(
      'Will create 2 campaigns for 42 total recipients',
    );
    await user.type(within(dialog).getByLabelText('Campaign name *'), 'Spring');
    await user.type(within(dialog).getByLabelText('Subject line *'), 'Hello');
    await user.type(within(dialog).getByLabelText('HTML content'), '<p>Hi there</p>');
    await user.click(within(dialog).getByRole('button', { name: 'Create 2 Campaigns' }));
    await waitFor(() => expect(created).toBe(2));
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/campaigns').map((c) => c.body);
    expect(posts).toMatchObject([
      { name: 'Spring - New enquiries', segment_id: 's-1', content_text: 'Hi there' },
      { name: 'Spring - Open day guests', segment_id: 's-2' },
    ]);
  });

  it("shows 'Cannot Edit Campaign' with its statuses when a pending campaign is opened", async () => {
    const user = userEvent.setup();
    const pending = makeCampaign({ approval_status: 'pending' });
    routes['GET /api/campaigns'] = () => ({ campaigns: [pending], total: 1 });
    routes['GET /api/campaigns/c-1'] = () => ({ campaign: pending });
    renderScreen();
    const row = await screen.findByTestId('campaign-row');
    expect(within(row).queryByRole('button', { name: 'Edit Spring open day' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Spring open day' }));
    const dialog = await screen.findByRole('dialog', { name: CAMPAIGN_MESSAGES.cannotEdit });
    expect(within(dialog).getByTestId('approval-status')).toHaveTextContent('pending');
    expect(within(dialog).getByTestId('publish-status')).toHaveTextContent('ready');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Voice settings tab', () => {
  it('shows three include elements then a count, and no delete on the default', async () => {
    routes['GET /api/voice-settings'] = () => ({
      voice_settings: [
        makeVoice(),
        makeVoice({ id: 'v-2', name: 'Brisk', is_default: false, include_elements: ['deadline'] }),
      ],
    });
    renderScreen('/campaigns?tab=voice');
    const cards = await screen.findAllByTestId('voice-card');
    expect(within(cards[0]!).getByText('next steps')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('events')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByText('+2 more')).toBeInTheDocument();
    expect(within(cards[0]!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Delete Brisk' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Set Brisk as default' })).toBeInTheDocument();
  });

  it("says 'X is required' for each required field", async () => {
    const user = userEvent.setup();
    renderScreen('/campaigns?tab=voice');
    await user.click(await screen.findByRole('button', { name: 'New Voice Setting' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create Voice Setting' }));
    for (const message of [
      'Name is required',
      'Tone is required',
      'Perspective is required',
      'Style is required',
      'CTA style is required',
    ])
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/voice-settings')).toBe(false);
  });
});
