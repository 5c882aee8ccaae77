import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import {
  makeConversationDetail,
  makeEmailHealth,
  makeStats,
  makeVisitorJourney,
  VISITOR_UUID,
} from '../../test/fixtures';
import { mockApi, stubBrowser } from '../../test/mock-api';
import { renderAnalyticsRoute } from '../../test/render-route';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));

const ID = 'c0a80101-0000-4000-8000-000000000001';
const DETAIL = `/api/analytics/conversations/${ID}/detail`;
const JOURNEY = `/api/analytics/visitor-journey/${VISITOR_UUID}`;

beforeEach(stubBrowser);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(notify.error).mockReset();
});

describe('Conversation Detail', () => {
  it('shows the status, the visitor and the lead beside the transcript', async () => {
    mockApi({ [DETAIL]: makeConversationDetail(), [JOURNEY]: makeVisitorJourney() });
    renderAnalyticsRoute(`/analytics/conversation/${ID}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversation with Harper Journey' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Converted')).toHaveAttribute('data-tone', 'green');
    expect(screen.getByRole('link', { name: 'Back to Analytics' })).toHaveAttribute('href', '/analytics');
    const panel = screen.getByRole('region', { name: 'Visitor information' });
    await waitFor(() => expect(panel).toHaveTextContent('Total visits3'));
    expect(panel).toHaveTextContent('ChildEllis');
    expect(panel).toHaveTextContent('TimelineNext fall');
    expect(within(panel).getByTitle('Lead score 82 (high)')).toHaveTextContent('82');
  });

  it('marks what each parent message gave, and jumps to the message that made the lead', async () => {
    const user = userEvent.setup();
    mockApi({ [DETAIL]: makeConversationDetail(), [JOURNEY]: makeVisitorJourney() });
    renderAnalyticsRoute(`/analytics/conversation/${ID}`);

    const messages = await screen.findByRole('list', { name: 'Messages' });
    const bubbles = [...messages.children];
    expect(bubbles).toHaveLength(6);
    expect(bubbles[1]).toHaveTextContent('NameSpecial needsChild');
    expect(bubbles[1]).toHaveAttribute('data-animating', 'true');
    expect(bubbles[3]).toHaveTextContent('Email address');
    // The last parent message with an email, a phone number or an agreement word.
    expect(bubbles[3]).toHaveTextContent('Lead created here');
    expect(bubbles[5]).not.toHaveAttribute('data-highlighted');

    await user.click(screen.getByRole('button', { name: 'Jump to lead-creation message' }));
    expect(bubbles[3]).toHaveFocus();
    expect(bubbles[3]).toHaveAttribute('data-animating', 'true');
  });

  it('stops the highlight animation after 5 seconds, and a jump’s after 3', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ [DETAIL]: makeConversationDetail(), [JOURNEY]: makeVisitorJourney() });
    renderAnalyticsRoute(`/analytics/conversation/${ID}`);
    const messages = await screen.findByRole('list', { name: 'Messages' });
    const highlighted = () => messages.querySelectorAll('[data-animating]').length;
    expect(highlighted()).toBeGreaterThan(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(highlighted()).toBe(0);

    act(() => screen.getByRole('button', { name: 'Jump to lead-creation message' }).click());
    expect(highlighted()).toBe(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(highlighted()).toBe(0);
  });

  it('shows the context steps out of four and the engagement score', async () => {
    const user = userEvent.setup();
    mockApi({ [DETAIL]: makeConversationDetail(), [JOURNEY]: makeVisitorJourney() });
    renderAnalyticsRoute(`/analytics/conversation/${ID}`);
    await user.click(await screen.findByRole('tab', { name: 'Context Evolution' }));
    expect(screen.getByText('Progress: 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByText('3. Child information').parentElement).toHaveTextContent('Pending');

    await user.click(screen.getByRole('tab', { name: 'Performance' }));
    // 10 messages over 12 minutes: round(10 / 12 * 10).
    expect(screen.getByText('Engagement score').parentElement).toHaveTextContent('8');
    expect(screen.getByText('Duration').parentElement).toHaveTextContent('12 min');
  });

  it('keeps the open tab in the address, so a reload or a shared link opens it again', async () => {
    const user = userEvent.setup();
    mockApi({ [DETAIL]: makeConversationDetail(), [JOURNEY]: makeVisitorJourney() });
    renderAnalyticsRoute(`/analytics/conversation/${ID}?tab=performance`);
    expect(await screen.findByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Engagement score')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Context Evolution' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/analytics/conversation/${ID}?tab=context`);
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(screen.getByTestId('location').textContent).toBe(`/analytics/conversation/${ID}`);
  });

  it('toasts a conversation that does not exist and goes back to the analytics', async () => {
    mockApi({
      [DETAIL]: Response.json({ error: 'Conversation not found' }, { status: 404 }),
      '/api/analytics/conversation-stats': makeStats(),
      '/api/leads/email-health': makeEmailHealth(),
    });
    renderAnalyticsRoute(`/analytics/conversation/${ID}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/analytics$/));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Conversation not found');
  });
});
