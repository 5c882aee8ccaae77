import { APPROVAL_MESSAGES, type ApprovalPreview } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApprovalPage } from './approval-page';

const TOKEN = 'q1W-e2R_t3Y4u5I6o7P8a9S0d1F2g3H4j5K6l7Z8x9C';
const PREVIEW_PATH = `/api/campaigns/preview/${TOKEN}`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function makePreview(overrides: Partial<ApprovalPreview> = {}): ApprovalPreview {
  return {
    campaign: {
      name: 'Spring open day',
      subject: 'Join us, Sarah Johnson',
      content_html: '<p>Dear Sarah Johnson</p>',
      source_html: '<p>Dear {{parent_name}}</p>',
      content_text: 'Dear Sarah Johnson',
      segment_name: 'New enquiries',
      estimated_recipients: 1234,
      created_at: '2026-11-20T10:00:00.000Z',
      version_number: 1,
    },
    status: 'pending',
    decision: null,
    expires_at: '2026-12-04T10:00:00.000Z',
    ...overrides,
  };
}

let answers: Record<string, () => Response>;
const posts: unknown[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (method === 'POST') posts.push(JSON.parse(String(init?.body)));
  // A public page: no credentials are ever sent.
  expect(new Headers(init?.headers).get('Authorization')).toBeNull();
  const answer = answers[`${method} ${url.pathname}`];
  return answer ? answer() : json({ error: 'not found' }, 404);
});

beforeEach(() => {
  posts.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  answers = { [`GET ${PREVIEW_PATH}`]: () => json(makePreview()) };
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

const frame = (heading: string, children: ReactNode) => (
  <div>
    <h1>{heading}</h1>
    {children}
  </div>
);

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ApprovalPage token={TOKEN} frame={frame} />
    </QueryClientProvider>,
  );
}

describe('the public approval page', () => {
  it('shows the loading words, then the campaign details, the email in a sandbox, and its source', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByText(APPROVAL_MESSAGES.loading)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Spring open day', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('1,234 families')).toBeInTheDocument();
    expect(screen.getByText('New enquiries')).toBeInTheDocument();
    expect(screen.getByText('Pending Approval')).toBeInTheDocument();
    expect(screen.getByTitle('Email preview')).toHaveAttribute('sandbox', '');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Join us, Sarah Johnson');
    await user.click(screen.getByRole('button', { name: 'View HTML' }));
    expect(screen.getByTestId('preview-source')).toHaveTextContent('{{parent_name}}');
    await user.click(screen.getByRole('button', { name: 'Hide HTML' }));
    expect(screen.queryByTestId('preview-source')).toBeNull();
    const details = screen.getByRole('button', { name: 'Campaign Details' });
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('1,234 families')).not.toBeVisible();
  });

  it("says 'Preview Not Found' for a link the server does not know, and nothing more", async () => {
    answers[`GET ${PREVIEW_PATH}`] = () => json({ error: APPROVAL_MESSAGES.notFound }, 404);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Preview Not Found' })).toBeInTheDocument();
    expect(screen.getByText(APPROVAL_MESSAGES.notFoundNote)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it("shows 'Failed to load preview' when the server fails, with a retry", { timeout: 10_000 }, async () => {
    answers[`GET ${PREVIEW_PATH}`] = () => new Response('oops', { status: 500 });
    renderPage();
    // A server failure is retried twice (with backoff) before the page gives up.
    expect(
      await screen.findAllByText(APPROVAL_MESSAGES.loadFailed, undefined, { timeout: 6000 }),
    ).not.toHaveLength(0);
    answers[`GET ${PREVIEW_PATH}`] = () => json(makePreview());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Spring open day' })).toBeInTheDocument();
  });

  it('Request Changes needs a comment; with one it sends the decision and shows the result', async () => {
    const user = userEvent.setup();
    answers[`POST ${PREVIEW_PATH}/approve`] = () =>
      json({ success: true, approved: false, message: APPROVAL_MESSAGES.rejectedMessage });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Request Changes' }));
    expect(screen.getByText(APPROVAL_MESSAGES.feedbackRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(APPROVAL_MESSAGES.comments)).toHaveFocus();
    expect(posts).toEqual([]);
    await user.type(screen.getByLabelText(APPROVAL_MESSAGES.reviewerEmail), 'not-an-email');
    await user.type(screen.getByLabelText(APPROVAL_MESSAGES.comments), 'Mention parking');
    await user.click(screen.getByRole('button', { name: 'Request Changes' }));
    expect(screen.getByText(APPROVAL_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.clear(screen.getByLabelText(APPROVAL_MESSAGES.reviewerEmail));
    await user.type(screen.getByLabelText(APPROVAL_MESSAGES.reviewerEmail), 'head@school.org');
    await user.click(screen.getByRole('button', { name: 'Request Changes' }));
    expect(await screen.findByRole('heading', { name: 'Campaign Rejected' })).toBeInTheDocument();
    expect(screen.getByText(APPROVAL_MESSAGES.rejectedMessage)).toBeInTheDocument();
    expect(screen.getByText(APPROVAL_MESSAGES.notified)).toBeInTheDocument();
    expect(posts).toEqual([{ approved: false, feedback: 'Mention parking', email: 'head@school.org' }]);
  });

  it('Approve without comments asks first; Cancel sends nothing, Yes, Approve decides', async () => {
    const user = userEvent.setup();
    answers[`POST ${PREVIEW_PATH}/approve`] = () =>
      json({ success: true, approved: true, message: APPROVAL_MESSAGES.approvedMessage });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = screen.getByRole('dialog', { name: APPROVAL_MESSAGES.confirmTitle });
    expect(confirm).toHaveTextContent(APPROVAL_MESSAGES.confirmBody);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Approve' }));
    expect(await screen.findByRole('heading', { name: 'Campaign Approved!' })).toBeInTheDocument();
    expect(screen.getByText(APPROVAL_MESSAGES.approvedMessage)).toBeInTheDocument();
    expect(posts).toEqual([{ approved: true, feedback: null, email: null }]);
  });

  it('Approve with comments needs no confirmation', async () => {
    const user = userEvent.setup();
    answers[`POST ${PREVIEW_PATH}/approve`] = () =>
      json({ success: true, approved: true, message: APPROVAL_MESSAGES.approvedMessage });
    renderPage();
    await user.type(await screen.findByLabelText(APPROVAL_MESSAGES.comments), 'Lovely');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'Campaign Approved!' })).toBeInTheDocument();
    expect(posts).toEqual([{ approved: true, feedback: 'Lovely', email: null }]);
  });

  it("a failed decision shows the server's error, or 'Failed to process approval', and keeps the form", async () => {
    const user = userEvent.setup();
    answers[`POST ${PREVIEW_PATH}/approve`] = () => new Response('', { status: 502 });
    renderPage();
    await user.type(await screen.findByLabelText(APPROVAL_MESSAGES.comments), 'Fine');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(APPROVAL_MESSAGES.decisionFailed);
    answers[`POST ${PREVIEW_PATH}/approve`] = () => json({ error: APPROVAL_MESSAGES.contentChanged }, 409);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(APPROVAL_MESSAGES.contentChanged);
    expect(screen.getByLabelText(APPROVAL_MESSAGES.comments)).toHaveValue('Fine');
  });

  it('a link decided by someone else meanwhile shows the decision already made', async () => {
    const user = userEvent.setup();
    answers[`POST ${PREVIEW_PATH}/approve`] = () => {
      answers[`GET ${PREVIEW_PATH}`] = () =>
        json(
          makePreview({
            status: 'approved',
            decision: {
              approved: true,
              decided_at: '2026-11-21T09:00:00.000Z',
              message: APPROVAL_MESSAGES.alreadyDecided,
            },
          }),
        );
      return json({ error: APPROVAL_MESSAGES.alreadyDecided }, 409);
    };
    renderPage();
    await user.type(await screen.findByLabelText(APPROVAL_MESSAGES.comments), 'Too late');
    await user.click(screen.getByRole('button', { name: 'Request Changes' }));
    expect(await screen.findByRole('heading', { name: 'Campaign Approved!' })).toBeInTheDocument();
    expect(screen.getByText(APPROVAL_MESSAGES.alreadyDecided)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('a rejected link opened again says so, with no buttons', async () => {
    answers[`GET ${PREVIEW_PATH}`] = () =>
      json(
        makePreview({
          status: 'rejected',
          decision: {
            approved: false,
            decided_at: '2026-11-21T09:00:00.000Z',
            message: APPROVAL_MESSAGES.alreadyDecided,
          },
        }),
      );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Campaign Rejected' })).toBeInTheDocument();
    expect(screen.getAllByText(APPROVAL_MESSAGES.alreadyDecided)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Request Changes' })).toBeNull();
  });
});
