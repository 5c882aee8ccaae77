import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

// Real timers: the box waits 300 ms after the last key. (Testing Library's async helpers wait on a
// timer of their own, which a fake clock would stop.)
function setup(value?: string) {
  const onSearch = vi.fn();
  const box = (current?: string) => (
    <SearchBox label="Search leads" placeholder="Search by name" value={current} onSearch={onSearch} />
  );
  const view = render(box(value));
  return {
    onSearch,
    // No pause between keys: a whole word arrives before the box's timer can run.
    user: userEvent.setup({ delay: null }),
    rerender: (next?: string) => view.rerender(box(next)),
    field: screen.getByRole('searchbox', { name: 'Search leads' }),
  };
}

describe('SearchBox', () => {
  it('asks once typing pauses, with the text trimmed, not at every key', async () => {
    const { onSearch, user, field } = setup();
    await user.type(field, '  wren ');
    expect(field).toHaveValue('  wren ');
    expect(onSearch).not.toHaveBeenCalled();

    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('wren'));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('offers Clear search once there is text, which empties the field and asks at once', async () => {
    const { onSearch, user, field } = setup('harper');
    expect(field).toHaveValue('harper');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(field).toHaveValue('');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('shows a search changed elsewhere (Back, Clear filters) in the field, without asking for it again', async () => {
    const { onSearch, rerender, field } = setup('harper');
    rerender('ellis');
    expect(field).toHaveValue('ellis');
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('keeps what is being typed when its own earlier search comes back', async () => {
    const { onSearch, user, rerender, field } = setup('');
    await user.type(field, 'wren');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('wren'));

    await user.type(field, ' jo');
    rerender('wren');
    expect(field).toHaveValue('wren jo');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('wren jo'));
  });
});
