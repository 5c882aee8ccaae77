import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmailStatusSection } from './email-status-section';

const fetchMock = vi.fn<typeof fetch>();
const lead = { id: 'lead-1', email: 'harper@example.org', parent_name: 'Harper Journey' };
const status = (overrides: Record<string, unknown>) => ({
  lead_id: 'lead-1',
  email: lead.email,
  status: 'unsubscribed',
  changed_at: '2026-11-20T10:00:00.000Z',
  reason: 'Too many emails',
  source: 'mailerlite',
  soft_bounces: 0,
  ...overrides,
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderSection() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <EmailStatusSection lead={lead} />
    </QueryClientProvider>,
  );
}

const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

describe('Email Status', () => {
  it('shows the status with its reason and source, and resubscribes after confirmation', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? Response.json(status({ status: 'subscribed', source: 'admin', reason: null }))
        : Response.json(status({})),
    );
    renderSection();
    expect(await screen.findByText('Unsubscribed')).toBeInTheDocument();
    expect(screen.getByText('Too many emails')).toBeInTheDocument();
    expect(screen.getByText('MailerLite')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resubscribe' }));
    const dialog = screen.getByRole('dialog', { name: 'Resubscribe Lead' });
    expect(dialog).toHaveTextContent('harper@example.org');
    expect(calls('POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Resubscribe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [url, init] = calls('POST')[0]!;
    expect(String(url)).toContain('/api/leads/lead-1/resubscribe');
    expect(JSON.parse(String(init?.body))).toEqual({ confirm: true });
  });

  it('asks for the parent’s consent after a spam complaint and sends the override', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? Response.json(status({ status: 'subscribed' }))
        : Response.json(status({ status: 'complained', reason: 'Marked an email as spam' })),
    );
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Resubscribe' }));
    const dialog = screen.getByRole('dialog', { name: 'Resubscribe Lead' });
    expect(dialog).toHaveTextContent('reported one of our emails as spam');
    const confirm = within(dialog).getByRole('button', { name: 'Resubscribe' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /asked to receive our emails again/ }));
    await user.click(confirm);
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST')[0]![1]?.body))).toEqual({
      confirm: true,
      override_complaint: true,
    });
  });

  it('keeps the dialog open with the server’s message when the resubscribe is refused', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? Response.json({ error: 'This lead reported an email as spam.' }, { status: 409 })
        : Response.json(status({ status: 'bounced' })),
    );
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Resubscribe' }));
    const dialog = screen.getByRole('dialog', { name: 'Resubscribe Lead' });
    await user.click(within(dialog).getByRole('button', { name: 'Resubscribe' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This lead reported an email as spam.',
    );
  });
});
