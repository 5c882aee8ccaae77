import type { CampaignDelivery } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CampaignsTab } from '../components/table/campaigns-tab';
import { makeCampaign } from '../test/fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const delivery = (fields: Partial<CampaignDelivery>): CampaignDelivery => ({
  status: 'sending',
  total: 40,
  sent: 10,
  failed: 0,
  skipped: 0,
  pending: 30,
  paused_reason: null,
  started_at: '2026-11-24T07:00:00.000Z',
  finished_at: null,
  provider: 'smtp',
  ...fields,
});

const calls: { method: string; path: string }[] = [];
let routes: Record<string, () => Response>;
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const method = init?.method ?? 'GET';
  const path = new URL(String(input), 'http://localhost').pathname;
  calls.push({ method, path });
  return routes[`${method} ${path}`]?.() ?? json({ error: 'Not found' }, 404);
});

const campaigns = [
  makeCampaign({
    id: 'c-pub',
    name: 'Published one',
    approval_status: 'approved',
    publish_status: 'published',
  }),
  makeCampaign({
    id: 'c-sch',
    name: 'Scheduled one',
    approval_status: 'approved',
    publish_status: 'scheduled',
    scheduled_for: '2099-11-25T14:00:00.000Z',
    scheduled_time_zone: 'America/New_York',
  }),
  makeCampaign({ id: 'c-pen', name: 'Pending one', approval_status: 'pending' }),
  makeCampaign({
    id: 'c-snd',
    name: 'Sending one',
    approval_status: 'approved',
    publish_status: 'sent',
    delivery: delivery({}),
  }),
  makeCampaign({
    id: 'c-pau',
    name: 'Paused one',
    approval_status: 'approved',
    publish_status: 'sent',
    delivery: delivery({ status: 'paused', paused_reason: 'Paused by an administrator.' }),
  }),
];

let sendingPolls = 0;
beforeEach(() => {
  calls.length = 0;
  sendingPolls = 0;
  vi.stubGlobal('fetch', fetchMock);
  routes = {
    'GET /api/campaigns': () => json({ campaigns, total: campaigns.length }),
    'GET /api/campaigns/c-snd/delivery': () => {
      sendingPolls++;
      return json({ delivery: delivery({ sent: 25, pending: 15 }) });
    },
    'GET /api/campaigns/c-snd/stats': () => json({ error: 'Not found' }, 404),
    'GET /api/campaigns/c-pau/stats': () => json({ error: 'Not found' }, 404),
    'POST /api/campaigns/c-pau/resume': () =>
      json({ message: 'Sending resumed.', campaign: { ...campaigns[4], delivery: delivery({}) } }),
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const noop = () => {};
  return render(
    <QueryClientProvider client={queryClient}>
      <CampaignsTab onGenerate={noop} onCreate={noop} onEdit={noop} onPreview={noop} onAiEdit={noop} />
    </QueryClientProvider>,
  );
}

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('campaign-row')).find((row) => within(row).queryByText(name))!;

describe('the campaigns table and sending', () => {
  it('offers each state its actions: Schedule and Send Now, Reschedule and Cancel, Approve', async () => {
    renderTab();
    const published = await rowOf('Published one');
    expect(within(published).getByRole('button', { name: 'Schedule Published one' })).toBeInTheDocument();
    expect(within(published).getByRole('button', { name: 'Send Now: Published one' })).toBeInTheDocument();
    const scheduled = await rowOf('Scheduled one');
    expect(within(scheduled).getByRole('button', { name: 'Reschedule Scheduled one' })).toBeInTheDocument();
    expect(
      within(scheduled).getByRole('button', { name: 'Cancel Schedule: Scheduled one' }),
    ).toBeInTheDocument();
    expect(within(scheduled).queryByRole('button', { name: /Send Now/ })).toBeNull();
    expect(within(scheduled).getByTestId('scheduled-time')).toHaveTextContent(/\d{1,2}:00 (AM|PM)/);
    expect(within(scheduled).getByTestId('scheduled-time')).toHaveTextContent('9:00 AM in America/New_York');
    const pending = await rowOf('Pending one');
    expect(within(pending).getByRole('button', { name: 'Approve Pending one' })).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: /Schedule|Send Now/ })).toBeNull();
  });

  it('polls a send under way and shows its progress; a paused one shows why, with Resume', async () => {
    renderTab();
    const sending = await rowOf('Sending one');
    await waitFor(() =>
      expect(within(sending).getByTestId('delivery-progress-text')).toHaveTextContent('sent 25 of 40'),
    );
    expect(within(sending).getByRole('button', { name: 'Pause sending: Sending one' })).toBeInTheDocument();
    expect(sendingPolls).toBeGreaterThan(0);
    const paused = await rowOf('Paused one');
    expect(within(paused).getByTestId('delivery-paused-reason')).toHaveTextContent(
      'Paused by an administrator.',
    );
    expect(calls.some((c) => c.path === '/api/campaigns/c-pau/delivery')).toBe(false);
    await userEvent.click(within(paused).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Sending resumed.'));
    expect(calls).toContainEqual({ method: 'POST', path: '/api/campaigns/c-pau/resume' });
  });
});
