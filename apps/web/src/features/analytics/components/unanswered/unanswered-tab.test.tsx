import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, stubBrowser } from '../../test/mock-api';
import { renderAnalyticsRoute } from '../../test/render-route';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));

beforeEach(stubBrowser);
afterEach(() => vi.unstubAllGlobals());

const fees = {
  question: 'What are your tuition fees?',
  count: 3,
  wordings: ['What are your tuition fees?', 'Tuition fees??'],
  conversations: [
    { id: 'c-2', started_at: '2026-11-02T10:00:00.000Z' },
    { id: 'c-1', started_at: '2026-11-01T09:00:00.000Z' },
  ],
  last_asked_at: '2026-11-02T10:01:00.000Z',
};
const pool = {
  ...fees,
  question: 'Is there a pool?',
  count: 1,
  wordings: ['Is there a pool?'],
  conversations: [],
};

/** Stands in for the app's add-chunk dialog: shows the question it was opened with. */
function AddAnswer({ question, onClose }: { question: string; onClose: () => void }) {
  return (
    <div role="dialog" aria-label="Add an answer">
      {question}
      <button onClick={onClose}>Cancel</button>
    </div>
  );
}

describe('Unanswered Questions', () => {
  it('lists each group with its count, wordings and conversations, and adds an answer to one', async () => {
    const api = mockApi({ '/api/analytics/unanswered-questions': { groups: [fees, pool], considered: 12 } });
    renderAnalyticsRoute('/analytics?tab=unanswered&period=7d', { AddAnswer });

    const group = await screen.findByRole('listitem', { name: 'What are your tuition fees?' });
    expect(within(group).getByText(/Asked 3 times/)).toBeInTheDocument();
    expect(within(group).getByText('Tuition fees??')).toBeInTheDocument();
    const links = within(group).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/analytics/conversation/c-2',
      '/analytics/conversation/c-1',
    ]);
    expect(screen.getByRole('listitem', { name: 'Is there a pool?' })).toHaveTextContent('Asked 1 time');
    expect(api.callsTo('/api/analytics/unanswered-questions')[0]!.searchParams.get('period')).toBe('7d');

    await userEvent.click(within(group).getByRole('button', { name: 'Add an answer' }));
    expect(screen.getByRole('dialog', { name: 'Add an answer' })).toHaveTextContent(
      'What are your tuition fees?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when every question was answered', async () => {
    mockApi({ '/api/analytics/unanswered-questions': { groups: [], considered: 4 } });
    renderAnalyticsRoute('/analytics?tab=unanswered');
    expect(await screen.findByText('No unanswered questions')).toBeInTheDocument();
  });
});
