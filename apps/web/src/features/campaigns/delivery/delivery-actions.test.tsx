import { DELIVERY_MESSAGES, type CampaignDelivery } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCampaignDelivery } from '../api/delivery';
import { makeCampaign } from '../test/fixtures';
import { useDeliveryActions, type DeliveryTarget } from './delivery-actions';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; path: string; body: unknown };
const calls: Call[] = [];
let answer: (call: Call) => Response;
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const call = {
    method: init?.method ?? 'GET',
    path: new URL(String(input), 'http://localhost').pathname,
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  };
  calls.push(call);
  return answer(call);
});

const published = makeCampaign({ approval_status: 'approved', publish_status: 'published' });
const target: DeliveryTarget = { ...published, estimated_recipients: 1250 };

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  answer = () => json({ message: 'ok', campaign: published });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  notify.success.mockClear();
  notify.error.mockClear();
});

function Harness() {
  const actions = useDeliveryActions();
  return (
    <>
      <button type="button" onClick={() => actions.schedule(target)}>
        schedule
      </button>
      <button type="button" onClick={() => actions.send(target)}>
        send
      </button>
      <button type="button" onClick={() => actions.cancelSchedule(target)}>
        cancel
      </button>
      <button type="button" onClick={() => actions.approve(target)}>
        approve
      </button>
      {actions.dialogs}
    </>
  );
}

function renderWithQuery(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

describe('Schedule Campaign', () => {
  it('checks the date and time before asking the server, then sends the instant and the zone', async () => {
    renderWithQuery(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Campaign' });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByLabelText('Time zone')).toHaveValue(zone);
    expect(screen.getByLabelText('Time zone')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Time')).toHaveValue('09:00');

    await userEvent.clear(screen.getByLabelText('Time'));
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(DELIVERY_MESSAGES.scheduleMissing)).toBeInTheDocument();
    expect(screen.getByLabelText('Time')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(screen.getByLabelText('Date'));
    await userEvent.type(screen.getByLabelText('Date'), '2020-01-01');
    await userEvent.type(screen.getByLabelText('Time'), '10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(DELIVERY_MESSAGES.schedulePast)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Date'));
    await userEvent.type(screen.getByLabelText('Date'), '2099-06-01');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/campaigns/c-1/schedule',
        body: { scheduled_for: new Date(2099, 5, 1, 10, 0).toISOString(), time_zone: zone },
      },
    ]);
    expect(notify.success).toHaveBeenCalledWith('ok');
  });

  it("says 'Failed to schedule campaign' with the server's reason and stays open", async () => {
    answer = () => json({ error: DELIVERY_MESSAGES.cannotSchedule }, 409);
    renderWithQuery(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'schedule' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    expect(
      await screen.findByText(`${DELIVERY_MESSAGES.scheduleFailed}: ${DELIVERY_MESSAGES.cannotSchedule}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Schedule Campaign' })).toBeInTheDocument();
  });
});

describe('Send Now', () => {
  it('asks first, saying it cannot be undone, then sends', async () => {
    renderWithQuery(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Now' });
    expect(dialog).toHaveTextContent('Send this campaign now to 1,250 families? This cannot be undone.');
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Send Now' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls).toEqual([{ method: 'POST', path: '/api/campaigns/c-1/send', body: {} }]);
  });

  it('Cancel sends nothing', async () => {
    renderWithQuery(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("says 'Failed to send campaign' with the reason", async () => {
    answer = () => json({ error: DELIVERY_MESSAGES.cannotSend }, 409);
    renderWithQuery(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send Now' }));
    expect(
      await screen.findByText(`${DELIVERY_MESSAGES.sendFailed}: ${DELIVERY_MESSAGES.cannotSend}`),
    ).toBeInTheDocument();
  });
});

describe('Cancel Schedule and Approve', () => {
  it("cancels at once, and says 'Failed to cancel schedule' on failure", async () => {
    answer = () => json({ error: 'Server down' }, 503);
    renderWithQuery(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'cancel' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(`${DELIVERY_MESSAGES.cancelFailed}: Server down`),
    );
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/campaigns/c-1/schedule', body: undefined }]);
  });

  it('an admin approves through a confirmation', async () => {
    renderWithQuery(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve campaign' });
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls).toEqual([{ method: 'POST', path: '/api/campaigns/c-1/approve', body: {} }]);
  });
});

const delivery = (fields: Partial<CampaignDelivery>): CampaignDelivery => ({
  status: 'sending',
  total: 4,
  sent: 1,
  failed: 0,
  skipped: 0,
  pending: 3,
  paused_reason: null,
  started_at: '2026-11-24T07:00:00.000Z',
  finished_at: null,
  provider: 'smtp',
  ...fields,
});

function Poller({ initial }: { initial: CampaignDelivery | null }) {
  const { delivery: d } = useCampaignDelivery('c-1', initial);
  return <p data-testid="status">{d ? `${d.status} ${d.sent}` : 'none'}</p>;
}

describe('useCampaignDelivery', () => {
  it('polls while sending and stops when completed', async () => {
    const answers = [delivery({ sent: 3 }), delivery({ status: 'completed', sent: 4, pending: 0 })];
    answer = (call) =>
      call.path.endsWith('/delivery') ? json({ delivery: answers.shift() ?? null }) : json({ campaigns: [] });
    renderWithQuery(<Poller initial={delivery({})} />);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('sending 3'));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('completed 4'), {
      timeout: 4000,
    });
    const polls = calls.filter((c) => c.path === '/api/campaigns/c-1/delivery').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls.filter((c) => c.path === '/api/campaigns/c-1/delivery')).toHaveLength(polls);
  });

  it('does not poll a paused or finished send', async () => {
    renderWithQuery(<Poller initial={delivery({ status: 'paused' })} />);
    expect(screen.getByTestId('status')).toHaveTextContent('paused 1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(0);
  });
});
