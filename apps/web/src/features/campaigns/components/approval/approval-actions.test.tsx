import { APPROVAL_MESSAGES, CAMPAIGN_MESSAGES } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../../test/fixtures';
import { useApprovalActions } from './approval-actions';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const URL_ = 'https://school.example/preview/q1W-e2R_t3Y4u5I6o7P8a9S0d1F2g3H4j5K6l7Z8x9C';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let answer: () => Response;
const fetchMock = vi.fn<typeof fetch>(async () => answer());
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  answer = () =>
    json({
      preview_url: URL_,
      version_number: 1,
      expires_at: '2026-12-04T10:00:00.000Z',
      campaign: makeCampaign({ approval_status: 'pending', has_approval_link: true }),
    });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  writeText.mockReset();
  notify.success.mockClear();
  notify.error.mockClear();
});

function Harness() {
  const actions = useApprovalActions();
  return (
    <>
      <button type="button" onClick={() => actions.sendForApproval({ id: 'c-1', name: 'Spring' })}>
        send
      </button>
      {actions.dialogs}
    </>
  );
}

function renderHarness() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
}

describe('Send for Approval', () => {
  it('creates the link and copies it', async () => {
    writeText.mockResolvedValue(undefined);
    renderHarness();
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(APPROVAL_MESSAGES.linkCopied));
    expect(writeText).toHaveBeenCalledWith(URL_);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/campaigns/c-1/create-approval-link');
    expect(init?.method).toBe('POST');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the link to copy by hand when the clipboard is refused', async () => {
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    renderHarness();
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approval link' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByLabelText(APPROVAL_MESSAGES.copyByHand)).toHaveValue(URL_);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("says 'No preview URL received from server' when the answer has no link", async () => {
    answer = () => json({ preview_url: '', version_number: 1, expires_at: '', campaign: makeCampaign() });
    renderHarness();
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(CAMPAIGN_MESSAGES.noPreviewUrl));
    expect(writeText).not.toHaveBeenCalled();
  });

  it("says 'Failed to create approval link' with the server's reason", async () => {
    answer = () => json({ error: APPROVAL_MESSAGES.cannotSendForApproval }, 409);
    renderHarness();
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        `${CAMPAIGN_MESSAGES.approvalLinkFailed}: ${APPROVAL_MESSAGES.cannotSendForApproval}`,
      ),
    );
  });
});
