import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';

/**
 * A small hand-made dataset for analytics.test.ts, inserted with exact timestamps around the end
 * of daylight saving time in New York (2026-11-01 06:00Z: 02:00 EDT becomes 01:00 EST).
 *
 * Kinds (user + bot messages, minutes from start to last activity, flags):
 * - converted: 4 + 4, 20 min, name, email, child info, a lead
 * - started: abandoned, 1 + 1, 2 min, no details
 * - answered: abandoned, 2 + 2, 5 min
 * - named: abandoned, 3 + 3, 6 min, name
 * - emailed: abandoned, 4 + 4, 8 min, name and email
 * - child: abandoned, 3 + 3, 6 min, name and child info
 * - emailOnly: abandoned, 2 + 2, 4 min, email only
 * - idle: stored in_progress but silent for weeks (abandoned when read), 1 + 1, 10 min
 * - live: in progress, active 5 minutes ago, 3 + 3, name
 */
type Kind =
  'converted' | 'started' | 'answered' | 'named' | 'emailed' | 'child' | 'emailOnly' | 'idle' | 'live';

/** Number, start (UTC), kind, lead; #25 is visitor-01 coming back (lead L1 again). */
export const CONVERSATIONS: [number, string, Kind, string?][] = [
  [0, '2026-10-30T12:00:00Z', 'started'],
  [1, '2026-10-31T12:00:00Z', 'converted', 'L1'],
  [2, '2026-10-31T14:30:00Z', 'started'],
  [3, '2026-10-31T14:45:00Z', 'started'],
  [4, '2026-10-31T18:00:00Z', 'converted', 'L2'],
  [5, '2026-10-31T20:10:00Z', 'started'],
  [6, '2026-10-31T23:30:00Z', 'idle'],
  [7, '2026-11-01T01:15:00Z', 'answered'],
  [8, '2026-11-01T03:30:00Z', 'answered'],
  [9, '2026-11-01T04:30:00Z', 'converted', 'L3'],
  [10, '2026-11-01T05:30:00Z', 'answered'],
  [11, '2026-11-01T06:30:00Z', 'converted', 'L4'],
  [12, '2026-11-01T07:05:00Z', 'named'],
  [13, '2026-11-01T13:00:00Z', 'named'],
  [14, '2026-11-01T14:20:00Z', 'converted', 'L5'],
  [15, '2026-11-01T15:00:00Z', 'named'],
  [16, '2026-11-01T16:40:00Z', 'emailed'],
  [17, '2026-11-01T19:00:00Z', 'converted', 'L6'],
  [18, '2026-11-01T21:30:00Z', 'emailed'],
  [19, '2026-11-01T23:50:00Z', 'idle'],
  [20, '2026-11-02T02:00:00Z', 'child'],
  [21, '2026-11-02T04:30:00Z', 'converted', 'L7'],
  [22, '2026-11-02T05:10:00Z', 'child'],
  [23, '2026-11-02T12:00:00Z', 'live'],
  [24, '2026-11-02T13:15:00Z', 'emailOnly'],
  [25, '2026-11-02T14:00:00Z', 'converted', 'L1'],
  [26, '2026-11-02T15:30:00Z', 'emailOnly'],
  [27, '2026-11-02T17:00:00Z', 'idle'],
  [28, '2026-11-02T18:45:00Z', 'converted', 'L8'],
  [29, '2026-11-02T20:00:00Z', 'emailOnly'],
  [30, '2026-11-02T22:30:00Z', 'live'],
];

const KINDS: Record<
  Kind,
  { status: string; turns: number; minutes: number | null; flags: [boolean, boolean, boolean] }
> = {
  converted: { status: 'converted', turns: 4, minutes: 20, flags: [true, true, true] },
  started: { status: 'abandoned', turns: 1, minutes: 2, flags: [false, false, false] },
  answered: { status: 'abandoned', turns: 2, minutes: 5, flags: [false, false, false] },
  named: { status: 'abandoned', turns: 3, minutes: 6, flags: [true, false, false] },
  emailed: { status: 'abandoned', turns: 4, minutes: 8, flags: [true, true, false] },
  child: { status: 'abandoned', turns: 3, minutes: 6, flags: [true, false, true] },
  emailOnly: { status: 'abandoned', turns: 2, minutes: 4, flags: [false, true, false] },
  idle: { status: 'in_progress', turns: 1, minutes: 10, flags: [false, false, false] },
  live: { status: 'in_progress', turns: 3, minutes: null, flags: [true, false, false] },
};

/** Leads: L1..L8 with their email status. */
export const LEADS: Record<string, { id: string; status: string }> = {
  L1: { id: '00000000-0000-4000-8000-0000000000a1', status: 'subscribed' },
  L2: { id: '00000000-0000-4000-8000-0000000000a2', status: 'subscribed' },
  L3: { id: '00000000-0000-4000-8000-0000000000a3', status: 'unsubscribed' },
  L4: { id: '00000000-0000-4000-8000-0000000000a4', status: 'subscribed' },
  L5: { id: '00000000-0000-4000-8000-0000000000a5', status: 'bounced' },
  L6: { id: '00000000-0000-4000-8000-0000000000a6', status: 'subscribed' },
  L7: { id: '00000000-0000-4000-8000-0000000000a7', status: 'subscribed' },
  L8: { id: '00000000-0000-4000-8000-0000000000a8', status: 'unsubscribed' },
};

/** Visitors seen without ever chatting: first seen at these instants. */
export const SILENT_VISITORS: [string, string][] = [
  ['silent-a', '2026-10-31T16:00:00Z'],
  ['silent-b', '2026-11-01T05:45:00Z'],
  ['silent-c', '2026-11-02T04:50:00Z'],
  ['silent-d', '2026-10-29T12:00:00Z'],
];

const pad = (n: number) => String(n).padStart(2, '0');
export const conversationId = (n: number) => `00000000-0000-4000-8000-0000000000${pad(n)}`;
export const visitorOf = (n: number) => `visitor-${pad(n === 25 ? 1 : n)}`;
const leadNumber = (key: string) => Number(key.slice(1));

export async function insertDataset(database: DatabaseHandle, now = new Date()) {
  const run = (q: ReturnType<typeof sql>) => database.db.execute(q);
  for (const [key, lead] of Object.entries(LEADS)) {
    const n = leadNumber(key);
    await run(sql`insert into leads (id, email, parent_name, email_status, timeline, lead_score, first_child_name)
      values (${lead.id}, ${`parent${n}@example.com`}, ${`Lead Parent ${n}`}, ${lead.status}, 'fall-2027', ${60 + n}, ${`Child ${n}`})`);
  }
  for (const [n, startedAt] of CONVERSATIONS.map(([n, s]) => [n, s] as const)) {
    if (n === 25) continue;
    const lead = n === 1 ? LEADS.L1!.id : null;
    await run(sql`insert into visitors (id, total_visits, first_seen_at, last_seen_at, lead_id)
      values (${visitorOf(n)}, ${n === 1 ? 3 : 1}, ${startedAt}::timestamptz,
        ${n === 1 ? '2026-11-02T14:00:00Z' : startedAt}::timestamptz, ${lead})`);
  }
  for (const [id, seen] of SILENT_VISITORS)
    await run(
      sql`insert into visitors (id, first_seen_at, last_seen_at) values (${id}, ${seen}::timestamptz, ${seen}::timestamptz)`,
    );
  for (const [n, startedAt, kind, leadKey] of CONVERSATIONS) {
    const k = KINDS[kind];
    const start = new Date(startedAt);
    const last =
      k.minutes === null
        ? new Date(now.getTime() - 5 * 60_000)
        : new Date(start.getTime() + k.minutes * 60_000);
    const messages = Array.from({ length: k.turns }, (_, i) => [
      {
        role: 'user',
        content: n === 13 && i === 1 ? 'Do you offer speech therapy?' : `Question ${i + 1}`,
        timestamp: startedAt,
      },
      { role: 'assistant', content: `Answer ${i + 1}`, timestamp: startedAt },
    ]).flat();
    const [hasName, hasEmail, hasChild] = k.flags;
    const context = leadKey
      ? { parentName: `Parent ${leadNumber(leadKey)}`, email: `parent${leadNumber(leadKey)}@example.com` }
      : {};
    await run(sql`insert into conversations (id, session_id, visitor_id, lead_id, started_at, last_activity_at,
        ended_at, status, completed, messages, context, has_name, has_email, has_child_info)
      values (${conversationId(n)}, ${`session-${n}`}, ${visitorOf(n)}, ${leadKey ? LEADS[leadKey]!.id : null},
        ${startedAt}::timestamptz, ${last.toISOString()}::timestamptz,
        ${k.status === 'in_progress' ? null : last.toISOString()}::timestamptz, ${k.status}, ${k.status === 'converted'},
        ${JSON.stringify(messages)}::jsonb, ${JSON.stringify(context)}::jsonb, ${hasName}, ${hasEmail}, ${hasChild})`);
  }
}
