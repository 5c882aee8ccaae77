import {
  CAMPAIGN_HISTORY_CSV_COLUMNS,
  formatRatePercent,
  neutraliseCsvCell,
  rateOf,
  type CampaignHistory,
  type CampaignHistoryItem,
  type CampaignHistoryQuery,
} from '@lantern/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { rows } from '../../../db/rows';
import { campaigns } from '../campaigns.tables';
import { campaignStats } from './tracking.tables';

// The History tab (spec document 3, 2.6, 5.4, 9): sent campaigns, newest first, with their
// figures from the campaign row's counters (never counted from recipients, clicks or opens; a
// partial index on sent_at keeps the list fast at any volume of recipients).

export type CampaignHistoryDeps = {
  db: Database;
  /** The school's IANA time zone: date filters are days there, Sent Date is written there. */
  timeZone: () => Promise<string>;
};

type HistoryRow = {
  id: string;
  name: string;
  subject: string;
  sent_at: Date | string | null;
  sent_local: string | null;
  segment_name: string | null;
  recipients: number;
  opens: number | null;
  clickers: number | null;
  clicks: number | null;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters: start day from 00:00, end day through 23:59:59.999, both in the school's zone. */
function conditions(query: Omit<CampaignHistoryQuery, 'limit' | 'offset'>, zone: string): SQL {
  const parts: SQL[] = [sql`c.sent_at is not null`];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    parts.push(sql`(c.name ilike ${pattern} or c.subject ilike ${pattern})`);
  }
  if (query.segment_id) parts.push(sql`c.segment_id = ${query.segment_id}`);
  if (query.start_date)
    parts.push(sql`c.sent_at >= (${query.start_date}::date::timestamp at time zone ${zone}::text)`);
  if (query.end_date)
    parts.push(sql`c.sent_at < ((${query.end_date}::date + 1)::timestamp at time zone ${zone}::text)`);
  return sql.join(parts, sql` and `);
}

const toIso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

function toItem(row: HistoryRow): CampaignHistoryItem {
  const recipients = Number(row.recipients);
  const opens = Number(row.opens ?? 0);
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    sent_at: toIso(row.sent_at),
    segments: row.segment_name ? [row.segment_name] : [],
    recipients,
    opens,
    clicks: Number(row.clicks ?? 0),
    open_rate: rateOf(opens, recipients),
    click_rate: rateOf(Number(row.clickers ?? 0), recipients),
  };
}

/** One CSV field: neutralised against formulas as the leads export does, then quoted when needed. */
function csvField(value: string): string {
  const cell = neutraliseCsvCell(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function createCampaignHistory(deps: CampaignHistoryDeps) {
  const { db } = deps;

  async function select(where: SQL, zone: string, page?: { limit: number; offset: number }) {
    return rows<HistoryRow>(
      db,
      sql`
      select c.id, c.name, c.subject, c.sent_at,
        to_char(c.sent_at at time zone ${zone}::text, 'YYYY-MM-DD HH24:MI') as sent_local,
        c.segment_name, c.recipients_sent as recipients, s.opens, s.clicks, s.clickers
      from ${campaigns} c left join ${campaignStats} s on s.campaign_id = c.id
      where ${where}
      order by c.sent_at desc, c.id desc
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
    );
  }

  return {
    /** GET /api/campaigns/history */
    async list(query: CampaignHistoryQuery): Promise<CampaignHistory> {
      const zone = await deps.timeZone();
      const where = conditions(query, zone);
      const [page, [count]] = await Promise.all([
        select(where, zone, { limit: query.limit, offset: query.offset }),
        rows<{ total: number }>(db, sql`select count(*)::int as total from ${campaigns} c where ${where}`),
      ]);
      return { campaigns: page.map(toItem), total: Number(count?.total ?? 0) };
    },

    /**
     * GET /api/campaigns/history/export: every matching campaign, the columns of spec 9, rates as
     * percentages with one decimal place, Sent Date in the school's zone (YYYY-MM-DD HH:MM).
     */
    async exportCsv(query: Omit<CampaignHistoryQuery, 'limit' | 'offset'>): Promise<string> {
      const zone = await deps.timeZone();
      const found = await select(conditions(query, zone), zone);
      const lines = [CAMPAIGN_HISTORY_CSV_COLUMNS.map(csvField).join(',')];
      for (const row of found) {
        const item = toItem(row);
        lines.push(
          [
            item.name,
            item.subject,
            row.sent_local ?? '',
            item.segments.join('; '),
            String(item.recipients),
            String(item.opens),
            String(item.clicks),
            formatRatePercent(item.open_rate),
            formatRatePercent(item.click_rate),
          ]
            .map(csvField)
            .join(','),
        );
      }
      return `${lines.join('\n')}\n`;
    },
  };
}

export type CampaignHistoryService = ReturnType<typeof createCampaignHistory>;
