import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SearchResultWhy } from './search-result-why';

const term = (
  t: string,
  weight: number,
  via: 'exact' | 'related' | 'range' | null,
  words: string[] = [],
) => ({
  term: t,
  weight,
  via,
  known: true,
  names: true,
  words,
});

describe('Why this result', () => {
  it('lists each word with how the passage holds it: the word that bridged it, a number inside a range', async () => {
    render(
      <SearchResultWhy
        terms={[
          term('fees', 0.4, 'related', ['charges']),
          term('8', 0.5, 'range'),
          term('uniform', 0.1, null),
        ]}
        highlights={['charges']}
      />,
    );
    const chips = screen.getAllByRole('listitem').map((li) => li.textContent);
    // Heaviest first.
    expect(chips).toEqual(['8·,in a range', 'fees → charges·,related word', 'uniform·,not found']);
    await userEvent.setup().click(screen.getByText('What do these mean?'));
    expect(screen.getByText(/falls inside a range the passage gives/)).toBeVisible();
  });
});
