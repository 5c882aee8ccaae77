import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable, type ColumnDef } from './data-table';

type Family = { id: string; parent: string; email: string };

const family = (n: number): Family => ({
  id: `lead-${n}`,
  parent: `Parent ${n}`,
  email: `parent.${n}@example.org`,
});
const PAGES = [[1, 2, 3].map(family), [4, 5].map(family)];
const columns: ColumnDef<Family>[] = [
  { id: 'parent', header: 'Parent', cell: ({ row }) => row.original.parent },
  { id: 'email', header: 'Email', cell: ({ row }) => row.original.email },
];

/** A list screen in small: the selection is the screen's, kept across its pages. */
function FamiliesScreen({ isLoading = false }: { isLoading?: boolean }) {
  const [page, setPage] = useState(0);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  return (
    <>
      <p>{selectedIds.size} selected</p>
      <DataTable
        caption="Families"
        columns={columns}
        rows={isLoading ? null : PAGES[page]!}
        getRowId={(row) => row.id}
        selection={{
          selectedIds,
          onSelect: (ids, isSelected) =>
            setSelectedIds((prev) => {
              const next = new Set(prev);
              for (const id of ids) {
                if (isSelected) next.add(id);
                else next.delete(id);
              }
              return next;
            }),
          rowLabel: (row) => `Select ${row.parent}`,
          pageLabel: 'Select all families on this page',
        }}
      />
      <button type="button" onClick={() => setPage((p) => 1 - p)}>
        Other page
      </button>
    </>
  );
}

const table = () => screen.getByRole('table', { name: 'Families' });
const rowOf = (parent: string) => within(table()).getByRole('row', { name: new RegExp(parent) });
const pageBox = () => screen.getByRole('checkbox', { name: 'Select all families on this page' });

describe('DataTable selection', () => {
  it('selects a row by its own checkbox, named after the row', async () => {
    render(<FamiliesScreen />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Parent 2' }));

    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(rowOf('Parent 2')).toHaveAttribute('aria-selected', 'true');
    expect(rowOf('Parent 1')).toHaveAttribute('aria-selected', 'false');
    expect(pageBox()).toBePartiallyChecked();
  });

  it('selects and clears every row of the page with the header checkbox', async () => {
    render(<FamiliesScreen />);
    await userEvent.click(pageBox());
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    for (const n of [1, 2, 3])
      expect(screen.getByRole('checkbox', { name: `Select Parent ${n}` })).toBeChecked();
    expect(pageBox()).toBeChecked();

    await userEvent.click(pageBox());
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    expect(pageBox()).not.toBeChecked();
  });

  it('keeps the selection across pages, and the header checkbox speaks for its page only', async () => {
    render(<FamiliesScreen />);
    await userEvent.click(pageBox());
    await userEvent.click(screen.getByRole('button', { name: 'Other page' }));

    expect(pageBox()).not.toBeChecked();
    expect(pageBox()).not.toBePartiallyChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Parent 4' }));
    expect(screen.getByText('4 selected')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Other page' }));
    expect(pageBox()).toBeChecked();
    // Clearing this page leaves the other page's choice alone.
    await userEvent.click(pageBox());
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('shows placeholder rows while the first page loads, with nothing to select', () => {
    render(<FamiliesScreen isLoading />);
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(pageBox()).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: /Select Parent/ })).not.toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['', 'Parent', 'Email']);
  });
});
