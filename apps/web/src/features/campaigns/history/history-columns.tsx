import type { CampaignHistoryItem } from '@lantern/contracts';
import type { ColumnDef } from '@/components/ui/data-table';
import { TagList } from '@/components/ui/tag-list';
import { formatCount, formatDate, formatDateTime, formatTime } from '@/lib/format';
import { formatRate } from '../stats/format';

const figureColumn = (
  id: 'recipients' | 'opens' | 'clicks',
  header: string,
): ColumnDef<CampaignHistoryItem> => ({
  id,
  header,
  meta: { isShort: true, className: 'text-right' },
  cell: ({ row }) => (
    <span className="text-sm text-slate-900 tabular-nums">{formatCount(row.original[id])}</span>
  ),
});

const rateColumn = (id: 'open_rate' | 'click_rate', header: string): ColumnDef<CampaignHistoryItem> => ({
  id,
  header,
  meta: { isShort: true, className: 'text-right' },
  cell: ({ row }) => (
    <span className="text-sm font-medium text-slate-900 tabular-nums">{formatRate(row.original[id])}</span>
  ),
});

/**
 * The History list's columns (2.6, the CSV's figures): Campaign (name, subject), Sent, Segments,
 * Recipients, Opens, Clicks, Open Rate, Click Rate.
 */
export function historyColumns(): ColumnDef<CampaignHistoryItem>[] {
  return [
    {
      id: 'campaign',
      header: 'Campaign',
      meta: { className: 'min-w-44' },
      cell: ({ row }) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{row.original.name}</p>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{row.original.subject}</p>
        </div>
      ),
    },
    {
      id: 'sent_at',
      header: 'Sent',
      meta: { isShort: true, className: 'whitespace-nowrap' },
      cell: ({ row }) =>
        row.original.sent_at ? (
          <time
            dateTime={row.original.sent_at}
            title={formatDateTime(row.original.sent_at)}
            className="text-sm text-slate-800"
          >
            {formatDate(row.original.sent_at)}
            <span className="block text-xs text-slate-600">{formatTime(row.original.sent_at)}</span>
          </time>
        ) : (
          <span className="text-sm text-slate-600">Sending…</span>
        ),
    },
    {
      id: 'segments',
      header: 'Segments',
      meta: { className: 'min-w-28' },
      cell: ({ row }) => (
        <TagList tags={row.original.segments} max={2} tone="indigo" emptyText="No segment" />
      ),
    },
    figureColumn('recipients', 'Recipients'),
    figureColumn('opens', 'Opens'),
    figureColumn('clicks', 'Clicks'),
    rateColumn('open_rate', 'Open Rate'),
    rateColumn('click_rate', 'Click Rate'),
  ];
}
