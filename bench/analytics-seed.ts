// A year of chat for the Analytics benchmarks (bench/analytics.ts, bench/analytics-explain.ts).
import { sql } from 'drizzle-orm';
import type { prepareDatabase } from '../apps/server/src/bootstrap';

type Database = Awaited<ReturnType<typeof prepareDatabase>>['database'];

/** A year of data, made in SQL: every other conversation made a lead, the rest were abandoned. */
export async function seedAnalyticsYear(db: Database['db'], CONVERSATIONS: number) {
  const LEADS = Math.round(CONVERSATIONS / 2);
  const started = performance.now();
  await db.execute(sql`insert into leads (id, email, parent_name, email_status, lead_score, timeline, first_child_name)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'parent' || i || '@example.com',
      'Parent ' || i, case when i % 20 = 0 then 'unsubscribed' when i % 50 = 1 then 'bounced' else 'subscribed' end,
      i % 100, 'Next semester', 'Child ' || i
    from generate_series(1, ${LEADS}::int) i`);
  await db.execute(sql`insert into visitors (id, total_visits, first_seen_at, last_seen_at)
    select 'visitor-' || i, 1 + i % 3, now() - (i * interval '365 days' / ${CONVERSATIONS * 1.2}::int),
      now() - (i * interval '365 days' / ${CONVERSATIONS * 1.2}::int)
    from generate_series(1, ${Math.round(CONVERSATIONS * 1.2)}::int) i`);
  // Messages: 2 to 28 per conversation (15 on average), alternating visitor and chatbot.
  await db.execute(sql`insert into conversations (session_id, visitor_id, lead_id, started_at, last_activity_at,
      status, completed, messages, context, has_name, has_email, has_child_info)
    select 'session-' || i, 'visitor-' || i,
      case when i % 2 = 0 then ('00000000-0000-4000-8000-' || lpad(to_hex(i / 2), 12, '0'))::uuid end,
      s, s + (n * interval '40 seconds'),
      case when i % 2 = 0 then 'converted' when i < 20 then 'in_progress' else 'abandoned' end, i % 2 = 0,
      (select jsonb_agg(jsonb_build_object('role', case when k % 2 = 1 then 'user' else 'assistant' end,
         'content', case when k = 3 and i % 97 = 0 then 'Do you offer speech therapy?' else 'Message ' || k || ' about admissions' end,
         'timestamp', s)) from generate_series(1, n) k),
      jsonb_build_object('parentName', 'Parent ' || i), i % 3 <> 1, i % 2 = 0 or i % 5 = 0, i % 2 = 0 or i % 7 = 0
    from (select i, now() - (i * interval '365 days' / ${CONVERSATIONS}::int) as s, 2 + (i * 7919) % 27 as n
          from generate_series(1, ${CONVERSATIONS}::int) i) g`);
  await db.execute(sql`vacuum analyze`);
  const [row] = (
    (await db.execute(
      sql`select sum(jsonb_array_length(messages))::int as n from conversations`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  console.log(
    `  seeded ${CONVERSATIONS} conversations (${row?.n} messages), ${LEADS} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
