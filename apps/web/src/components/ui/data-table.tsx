import {
  flexRender,
  functionalUpdate,
  getCoreRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type Table,
  type Updater,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Checkbox } from './checkbox';
import { Skeleton } from './skeleton';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the library's declaration has both parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells: widths ('min-w-44'), wrapping, alignment. */
    className?: string;
    /** The cell's placeholder while the first page loads; a grey bar if left out. */
    skeleton?: ReactNode;
    /** Short values (a date, a badge): kept on one line when the table is wide, wrapped only when narrow. */
    isShort?: boolean;
  }
}

export type { ColumnDef } from '@tanstack/react-table';

/** A checkbox per row and one for the page; the selection is the screen's, so it outlives the page. */
export type TableSelection<TRow> = {
  selectedIds: ReadonlySet<string>;
  onSelect: (ids: string[], isSelected: boolean) => void;
  /** The row checkbox's name: 'Select Harper Journey'. */
  rowLabel: (row: TRow) => string;
  /** The page checkbox's name: 'Select all leads on this page'. */
  pageLabel: string;
};

type DataTableProps<TRow> = {
  /** The table's name for screen readers. */
  caption: string;
  columns: ColumnDef<TRow>[];
  /** The page's rows, or null while the first page loads (skeleton rows). */
  rows: TRow[] | null;
  getRowId: (row: TRow) => string;
  selection?: TableSelection<TRow>;
  /** A column kept in view at the right edge while the others scroll sideways (Actions). */
  pinnedColumnId?: string;
  /** Rows of the last answer shown dimmed while the next is on its way. */
  isUpdating?: boolean;
  rowTestId?: string;
  className?: string;
};

const SKELETON_ROWS = 6;
const NO_ROWS: never[] = [];

// One layout for every list: columns get their content's width when the card has room; when it has
// not, headers and cells wrap between words over narrow gaps, and short values stay on one line only
// from a 60rem wide table up, so the leads list's nine columns fit from a 1280 px window up (a 926 px
// card). Narrower still, the table scrolls sideways inside its card with the pinned column in view.
const headCell =
  'px-1.5 py-3 text-left align-bottom text-xs font-semibold tracking-wide text-slate-600 uppercase 2xl:px-2.5';
const bodyCell = 'px-1.5 py-3.5 2xl:px-2.5';
const firstCell = 'pl-4 2xl:pl-6';
const lastCell = 'pr-4 2xl:pr-6';
/** A soft shadow on the pinned column, so rows scrolled beneath it read as continuing. */
const pinnedCell = 'sticky right-0 shadow-[-10px_0_10px_-10px_rgb(15_23_42/0.25)]';
const shortCell = '@min-[60rem]:whitespace-nowrap';

const SELECT_COLUMN_ID = 'select';

function selectColumn<TRow>({ rowLabel, pageLabel }: TableSelection<TRow>): ColumnDef<TRow> {
  return {
    id: SELECT_COLUMN_ID,
    header: ({ table }) => <PageCheckbox table={table} label={pageLabel} />,
    cell: ({ row }) => (
      <Checkbox
        checked={row.getIsSelected()}
        onChange={(event) => row.toggleSelected(event.target.checked)}
        aria-label={rowLabel(row.original)}
        className="mt-0.5"
      />
    ),
    meta: { className: 'w-8', skeleton: <Skeleton className="size-4 rounded" /> },
  };
}

function PageCheckbox<TRow>({ table, label }: { table: Table<TRow>; label: string }) {
  const isPageSelected = table.getIsAllRowsSelected();
  const isPartlySelected = table.getIsSomeRowsSelected();
  return (
    <Checkbox
      aria-label={label}
      checked={isPageSelected}
      ref={(box) => {
        if (box) box.indeterminate = isPartlySelected;
      }}
      disabled={table.getRowModel().rows.length === 0}
      onChange={(event) => table.toggleAllRowsSelected(event.target.checked)}
    />
  );
}

/** The classes every cell of a column gets: its own, the edges' padding, the pinned column's. */
function columnStyles<TRow>(column: Column<TRow>, index: number, count: number) {
  return cn(
    column.columnDef.meta?.className,
    column.columnDef.meta?.isShort && shortCell,
    index === 0 && firstCell,
    index === count - 1 && lastCell,
    column.getIsPinned() === 'right' && pinnedCell,
  );
}

/**
 * One page of a list as a table (TanStack Table): columns from `columns`, an optional selection
 * column first, skeleton rows while loading, and an optional pinned column at the right edge.
 */
export function DataTable<TRow>({
  caption,
  columns,
  rows,
  getRowId,
  selection,
  pinnedColumnId,
  isUpdating,
  rowTestId,
  className,
}: DataTableProps<TRow>) {
  const data = rows ?? NO_ROWS;
  const rowSelection: RowSelectionState = {};
  if (selection) {
    for (const row of data) if (selection.selectedIds.has(getRowId(row))) rowSelection[getRowId(row)] = true;
  }

  // The selection is kept by the screen; a change TanStack asks for is passed on as ids chosen or dropped.
  function changeSelection(updater: Updater<RowSelectionState>) {
    if (!selection) return;
    const next = functionalUpdate(updater, rowSelection);
    const ids = data.map(getRowId);
    const chosen = ids.filter((id) => next[id] && !rowSelection[id]);
    const dropped = ids.filter((id) => !next[id] && rowSelection[id]);
    if (chosen.length > 0) selection.onSelect(chosen, true);
    if (dropped.length > 0) selection.onSelect(dropped, false);
  }

  // The app does not use the React Compiler, which this rule guards against.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns: selection ? [selectColumn(selection), ...columns] : columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    state: {
      rowSelection,
      columnPinning: { right: pinnedColumnId ? [pinnedColumnId] : [] },
    },
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: changeSelection,
  });

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const count = headers.length;

  return (
    <div className={cn('@container overflow-x-auto', className)}>
      <table
        className={cn('w-full text-sm transition-opacity', isUpdating && 'opacity-60')}
        aria-busy={rows === null || isUpdating || undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {headers.map((header, index) => (
              <th
                key={header.id}
                scope="col"
                className={cn(headCell, 'bg-slate-50', columnStyles(header.column, index, count))}
              >
                {flexRender(header.column.columnDef.header, header.getContext())}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows === null
            ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <tr key={row} aria-hidden="true">
                  {headers.map((header, index) => (
                    <td
                      key={header.id}
                      className={cn(bodyCell, 'bg-white', columnStyles(header.column, index, count))}
                    >
                      {header.column.columnDef.meta?.skeleton ?? <Skeleton className="h-4 w-16" />}
                    </td>
                  ))}
                </tr>
              ))
            : table.getRowModel().rows.map((row) => {
                const isSelected = row.getIsSelected();
                // Every cell has the row's opaque background, so cells scrolled under the pinned one do not show through.
                const background = isSelected ? 'bg-indigo-50' : 'bg-white group-hover:bg-slate-50';
                return (
                  <tr
                    key={row.id}
                    data-testid={rowTestId}
                    className="group align-top"
                    aria-selected={selection ? isSelected : undefined}
                  >
                    {row.getVisibleCells().map((cell, index) => (
                      <td
                        key={cell.id}
                        className={cn(bodyCell, background, columnStyles(cell.column, index, count))}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                );
              })}
        </tbody>
      </table>
    </div>
  );
}
