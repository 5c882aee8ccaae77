-- Analytics summaries (issue 25: the Analytics calls over 2,000,000 conversations), written by
-- hand. The reports read whole UTC hours from "analytics_hours" and only the rest from the
-- conversations themselves: the part of the period before its first whole hour and after its last,
-- and the few conversations still stored in progress (their status depends on the time of reading).
-- Every column is kept exact by PostgreSQL in the statement that changes the data (statement-level
-- triggers on conversations, visitors and leads: the chat, the sweep, a conversion, clear-analytics'
-- DELETE, the clearing of every lead and its foreign keys' cascades all fire them).
-- Counts by minute of the hour (conversations_15 = started at minute 15 or later...) place an hour's
-- conversations in the school's local hours when its zone is 30 or 45 minutes off UTC.
-- Distinct visitors and leads of a period: each visitor's (lead's) first conversation (converted
-- conversation) counts in first_visits (leads_*), the later ones are kept with the start of the one
-- before (analytics_visit_repeats, analytics_lead_repeats), so a period counts its firsts plus the
-- later ones whose previous one is before the period.
CREATE TABLE "analytics_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"hour_utc" timestamp GENERATED ALWAYS AS (hour at time zone 'UTC') STORED NOT NULL,
	"day" date GENERATED ALWAYS AS ((hour at time zone 'UTC')::date) STORED NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"conversations_15" integer DEFAULT 0 NOT NULL,
	"conversations_30" integer DEFAULT 0 NOT NULL,
	"conversations_45" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	"converted_15" integer DEFAULT 0 NOT NULL,
	"converted_30" integer DEFAULT 0 NOT NULL,
	"converted_45" integer DEFAULT 0 NOT NULL,
	"with_name" integer DEFAULT 0 NOT NULL,
	"with_email" integer DEFAULT 0 NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	"abandoned" integer DEFAULT 0 NOT NULL,
	"ended_time" interval DEFAULT interval '0' NOT NULL,
	"gave_child_info" integer DEFAULT 0 NOT NULL,
	"gave_email" integer DEFAULT 0 NOT NULL,
	"gave_name" integer DEFAULT 0 NOT NULL,
	"answered_a_question" integer DEFAULT 0 NOT NULL,
	"started_only" integer DEFAULT 0 NOT NULL,
	"first_visits" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"leads_subscribed" integer DEFAULT 0 NOT NULL,
	"leads_unsubscribed" integer DEFAULT 0 NOT NULL,
	"leads_complained" integer DEFAULT 0 NOT NULL,
	"leads_bounced" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visit_repeats" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"visitor_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"prev_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_visit_repeats_started_idx" ON "analytics_visit_repeats" ("started_at", "prev_started_at");
--> statement-breakpoint
CREATE INDEX "analytics_visit_repeats_visitor_idx" ON "analytics_visit_repeats" ("visitor_id");
--> statement-breakpoint
CREATE TABLE "analytics_lead_firsts" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"email_status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_lead_repeats" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"prev_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_lead_repeats_started_idx" ON "analytics_lead_repeats" ("started_at", "prev_started_at", "lead_id");
--> statement-breakpoint
CREATE INDEX "analytics_lead_repeats_lead_idx" ON "analytics_lead_repeats" ("lead_id");
--> statement-breakpoint
-- The conversations whose status the time of reading decides (read directly, beside the hours).
CREATE INDEX "conversations_unclosed_started_idx" ON "conversations" ("started_at") WHERE "status" NOT IN ('converted', 'abandoned');
--> statement-breakpoint
-- Unanswered questions: only the conversations that kept some (a few of millions).
CREATE INDEX "conversations_unanswered_started_idx" ON "conversations" ("started_at")
  WHERE jsonb_typeof("dialogue"->'unanswered') = 'array' AND "dialogue"->'unanswered' <> '[]'::jsonb;
--> statement-breakpoint
INSERT INTO analytics_visit_repeats (conversation_id, visitor_id, started_at, prev_started_at)
SELECT id, visitor_id, started_at, prev FROM (
  SELECT id, visitor_id, started_at, lag(started_at) OVER (PARTITION BY visitor_id ORDER BY started_at, id) AS prev
  FROM conversations) w WHERE prev IS NOT NULL;
--> statement-breakpoint
INSERT INTO analytics_lead_firsts (lead_id, started_at, email_status)
SELECT DISTINCT ON (c.lead_id) c.lead_id, c.started_at, ld.email_status FROM conversations c JOIN leads ld ON ld.id = c.lead_id
WHERE c.status = 'converted' ORDER BY c.lead_id, c.started_at, c.id;
--> statement-breakpoint
INSERT INTO analytics_lead_repeats (conversation_id, lead_id, started_at, prev_started_at)
SELECT id, lead_id, started_at, prev FROM (
  SELECT id, lead_id, started_at, lag(started_at) OVER (PARTITION BY lead_id ORDER BY started_at, id) AS prev
  FROM conversations WHERE status = 'converted' AND lead_id IS NOT NULL) w WHERE prev IS NOT NULL;
--> statement-breakpoint
INSERT INTO analytics_hours (hour, conversations, conversations_15, conversations_30, conversations_45, converted, converted_15, converted_30, converted_45, with_name, with_email, messages, abandoned, ended_time, gave_child_info, gave_email, gave_name, answered_a_question, started_only, first_visits, leads, leads_subscribed, leads_unsubscribed, leads_complained, leads_bounced, visitors)
WITH per_row AS (SELECT (date_trunc('hour', (r.started_at) at time zone 'UTC') at time zone 'UTC') AS hour, coalesce(sum(s), 0) AS conversations,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 15), 0) AS conversations_15,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 30), 0) AS conversations_30,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 45), 0) AS conversations_45,
    coalesce(sum(s) filter (where r.status = 'converted'), 0) AS converted,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 15), 0) AS converted_15,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 30), 0) AS converted_30,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 45), 0) AS converted_45,
    coalesce(sum(s) filter (where r.has_name), 0) AS with_name,
    coalesce(sum(s) filter (where r.has_email), 0) AS with_email,
    coalesce(sum(s * r.message_count), 0) AS messages,
    coalesce(sum(s) filter (where r.status = 'abandoned'), 0) AS abandoned,
    coalesce(sum(s * (r.last_activity_at - r.started_at)) filter (where r.status in ('converted', 'abandoned')), interval '0') AS ended_time,
    coalesce(sum(s) filter (where r.status = 'abandoned' and r.has_child_info), 0) AS gave_child_info,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and r.has_email), 0) AS gave_email,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and r.has_name), 0) AS gave_name,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and not r.has_name and r.user_message_count >= 2), 0) AS answered_a_question,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and not r.has_name and r.user_message_count < 2), 0) AS started_only
  FROM (SELECT 1 AS s, id, visitor_id, lead_id, started_at, status, has_name, has_email, has_child_info, message_count, user_message_count, last_activity_at FROM conversations) r GROUP BY 1),
firsts AS (SELECT (date_trunc('hour', (started_at) at time zone 'UTC') at time zone 'UTC') AS hour, count(*)::int AS first_visits FROM (
  SELECT DISTINCT ON (visitor_id) started_at FROM conversations ORDER BY visitor_id, started_at, id) f GROUP BY 1),
lead_firsts AS (SELECT (date_trunc('hour', (started_at) at time zone 'UTC') at time zone 'UTC') AS hour, sum(leads) AS leads, sum(leads_subscribed) AS leads_subscribed, sum(leads_unsubscribed) AS leads_unsubscribed, sum(leads_complained) AS leads_complained, sum(leads_bounced) AS leads_bounced FROM (
  SELECT started_at, 1 AS leads,
      CASE WHEN st = 'subscribed' THEN 1 ELSE 0 END AS leads_subscribed,
      CASE WHEN st = 'unsubscribed' THEN 1 ELSE 0 END AS leads_unsubscribed,
      CASE WHEN st = 'complained' THEN 1 ELSE 0 END AS leads_complained,
      CASE WHEN st = 'bounced' THEN 1 ELSE 0 END AS leads_bounced FROM (SELECT started_at, email_status AS st FROM analytics_lead_firsts) f) g GROUP BY 1),
seen AS (SELECT (date_trunc('hour', (first_seen_at) at time zone 'UTC') at time zone 'UTC') AS hour, count(*)::int AS visitors FROM visitors GROUP BY 1),
hours AS (SELECT hour FROM per_row UNION SELECT hour FROM firsts UNION SELECT hour FROM lead_firsts UNION SELECT hour FROM seen)
SELECT hours.hour, coalesce(per_row.conversations, 0), coalesce(per_row.conversations_15, 0), coalesce(per_row.conversations_30, 0), coalesce(per_row.conversations_45, 0), coalesce(per_row.converted, 0), coalesce(per_row.converted_15, 0), coalesce(per_row.converted_30, 0), coalesce(per_row.converted_45, 0), coalesce(per_row.with_name, 0), coalesce(per_row.with_email, 0), coalesce(per_row.messages, 0), coalesce(per_row.abandoned, 0), coalesce(per_row.ended_time, interval '0'), coalesce(per_row.gave_child_info, 0), coalesce(per_row.gave_email, 0), coalesce(per_row.gave_name, 0), coalesce(per_row.answered_a_question, 0), coalesce(per_row.started_only, 0), coalesce(firsts.first_visits, 0), coalesce(lead_firsts.leads, 0), coalesce(lead_firsts.leads_subscribed, 0), coalesce(lead_firsts.leads_unsubscribed, 0), coalesce(lead_firsts.leads_complained, 0), coalesce(lead_firsts.leads_bounced, 0), coalesce(seen.visitors, 0)
FROM hours LEFT JOIN per_row USING (hour) LEFT JOIN firsts USING (hour) LEFT JOIN lead_firsts USING (hour)
  LEFT JOIN seen USING (hour);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_hours_conversations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
  INSERT INTO analytics_hours (hour, conversations, conversations_15, conversations_30, conversations_45, converted, converted_15, converted_30, converted_45, with_name, with_email, messages, abandoned, ended_time, gave_child_info, gave_email, gave_name, answered_a_question, started_only)
  SELECT hour, conversations, conversations_15, conversations_30, conversations_45, converted, converted_15, converted_30, converted_45, with_name, with_email, messages, abandoned, ended_time, gave_child_info, gave_email, gave_name, answered_a_question, started_only FROM (SELECT (date_trunc('hour', (r.started_at) at time zone 'UTC') at time zone 'UTC') AS hour, coalesce(sum(s), 0) AS conversations,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 15), 0) AS conversations_15,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 30), 0) AS conversations_30,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 45), 0) AS conversations_45,
    coalesce(sum(s) filter (where r.status = 'converted'), 0) AS converted,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 15), 0) AS converted_15,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 30), 0) AS converted_30,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 45), 0) AS converted_45,
    coalesce(sum(s) filter (where r.has_name), 0) AS with_name,
    coalesce(sum(s) filter (where r.has_email), 0) AS with_email,
    coalesce(sum(s * r.message_count), 0) AS messages,
    coalesce(sum(s) filter (where r.status = 'abandoned'), 0) AS abandoned,
    coalesce(sum(s * (r.last_activity_at - r.started_at)) filter (where r.status in ('converted', 'abandoned')), interval '0') AS ended_time,
    coalesce(sum(s) filter (where r.status = 'abandoned' and r.has_child_info), 0) AS gave_child_info,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and r.has_email), 0) AS gave_email,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and r.has_name), 0) AS gave_name,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and not r.has_name and r.user_message_count >= 2), 0) AS answered_a_question,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and not r.has_name and r.user_message_count < 2), 0) AS started_only
  FROM (SELECT 1 AS s, * FROM new_rows) r GROUP BY 1) deltas
  WHERE conversations <> 0 OR conversations_15 <> 0 OR conversations_30 <> 0 OR conversations_45 <> 0 OR converted <> 0 OR converted_15 <> 0 OR converted_30 <> 0 OR converted_45 <> 0 OR with_name <> 0 OR with_email <> 0 OR messages <> 0 OR abandoned <> 0 OR ended_time <> interval '0' OR gave_child_info <> 0 OR gave_email <> 0 OR gave_name <> 0 OR answered_a_question <> 0 OR started_only <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET conversations = analytics_hours.conversations + excluded.conversations, conversations_15 = analytics_hours.conversations_15 + excluded.conversations_15, conversations_30 = analytics_hours.conversations_30 + excluded.conversations_30, conversations_45 = analytics_hours.conversations_45 + excluded.conversations_45, converted = analytics_hours.converted + excluded.converted, converted_15 = analytics_hours.converted_15 + excluded.converted_15, converted_30 = analytics_hours.converted_30 + excluded.converted_30, converted_45 = analytics_hours.converted_45 + excluded.converted_45, with_name = analytics_hours.with_name + excluded.with_name, with_email = analytics_hours.with_email + excluded.with_email, messages = analytics_hours.messages + excluded.messages, abandoned = analytics_hours.abandoned + excluded.abandoned, ended_time = analytics_hours.ended_time + excluded.ended_time, gave_child_info = analytics_hours.gave_child_info + excluded.gave_child_info, gave_email = analytics_hours.gave_email + excluded.gave_email, gave_name = analytics_hours.gave_name + excluded.gave_name, answered_a_question = analytics_hours.answered_a_question + excluded.answered_a_question, started_only = analytics_hours.started_only + excluded.started_only;
  -- Visitors: who had a conversation when (the first of each visitor counts in first_visits, the
  -- others are kept with the start of the one before in analytics_visit_repeats).
  WITH vis AS (SELECT DISTINCT visitor_id AS v FROM (SELECT visitor_id FROM new_rows) x),
  old_state AS (
    SELECT c.visitor_id, c.started_at, c.id FROM conversations c JOIN vis ON c.visitor_id = vis.v
      WHERE c.id NOT IN (SELECT nn.id FROM new_rows nn)
    UNION ALL SELECT o.visitor_id, o.started_at, o.id FROM (SELECT id, visitor_id, lead_id, started_at, status, has_name, has_email, has_child_info, message_count, user_message_count, last_activity_at FROM conversations WHERE false) o JOIN vis ON o.visitor_id = vis.v),
  old_first AS (SELECT DISTINCT ON (visitor_id) visitor_id, started_at FROM old_state ORDER BY visitor_id, started_at, id),
  new_first AS (SELECT DISTINCT ON (c.visitor_id) c.visitor_id, c.started_at FROM conversations c JOIN vis ON c.visitor_id = vis.v
    ORDER BY c.visitor_id, c.started_at, c.id)
  INSERT INTO analytics_hours (hour, first_visits)
  SELECT hour, first_visits FROM (SELECT (date_trunc('hour', (started_at) at time zone 'UTC') at time zone 'UTC') AS hour, sum(d) AS first_visits FROM (
      SELECT started_at, -1 AS d FROM old_first UNION ALL SELECT started_at, 1 FROM new_first) f GROUP BY 1) deltas
  WHERE first_visits <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET first_visits = analytics_hours.first_visits + excluded.first_visits;
  DELETE FROM analytics_visit_repeats WHERE visitor_id IN (SELECT DISTINCT visitor_id FROM (SELECT visitor_id FROM new_rows) x);
  INSERT INTO analytics_visit_repeats (conversation_id, visitor_id, started_at, prev_started_at)
  SELECT id, visitor_id, started_at, prev FROM (
    SELECT c.id, c.visitor_id, c.started_at, lag(c.started_at) OVER (PARTITION BY c.visitor_id ORDER BY c.started_at, c.id) AS prev
    FROM conversations c WHERE c.visitor_id IN (SELECT DISTINCT visitor_id FROM (SELECT visitor_id FROM new_rows) x)) w
  WHERE prev IS NOT NULL;
  -- Leads: their converted conversations (the first of each lead counts in leads_*, by the lead's
  -- email status; the others are kept in analytics_lead_repeats).
  WITH ls AS (SELECT DISTINCT lead_id AS l FROM (SELECT lead_id FROM new_rows WHERE status = 'converted') x WHERE lead_id IS NOT NULL),
  old_first AS (SELECT f.started_at, f.email_status AS st FROM analytics_lead_firsts f JOIN ls ON f.lead_id = ls.l),
  new_first AS (SELECT DISTINCT ON (c.lead_id) c.started_at, ld.email_status AS st FROM conversations c
    JOIN ls ON c.lead_id = ls.l JOIN leads ld ON ld.id = c.lead_id
    WHERE c.status = 'converted' ORDER BY c.lead_id, c.started_at, c.id)
  INSERT INTO analytics_hours (hour, leads, leads_subscribed, leads_unsubscribed, leads_complained, leads_bounced)
  SELECT hour, leads, leads_subscribed, leads_unsubscribed, leads_complained, leads_bounced FROM (SELECT (date_trunc('hour', (started_at) at time zone 'UTC') at time zone 'UTC') AS hour, sum(leads) AS leads, sum(leads_subscribed) AS leads_subscribed, sum(leads_unsubscribed) AS leads_unsubscribed, sum(leads_complained) AS leads_complained, sum(leads_bounced) AS leads_bounced FROM (
      SELECT started_at, -1 AS leads,
      CASE WHEN st = 'subscribed' THEN -1 ELSE 0 END AS leads_subscribed,
      CASE WHEN st = 'unsubscribed' THEN -1 ELSE 0 END AS leads_unsubscribed,
      CASE WHEN st = 'complained' THEN -1 ELSE 0 END AS leads_complained,
      CASE WHEN st = 'bounced' THEN -1 ELSE 0 END AS leads_bounced FROM old_first
      UNION ALL SELECT started_at, 1 AS leads,
      CASE WHEN st = 'subscribed' THEN 1 ELSE 0 END AS leads_subscribed,
      CASE WHEN st = 'unsubscribed' THEN 1 ELSE 0 END AS leads_unsubscribed,
      CASE WHEN st = 'complained' THEN 1 ELSE 0 END AS leads_complained,
      CASE WHEN st = 'bounced' THEN 1 ELSE 0 END AS leads_bounced FROM new_first) f GROUP BY 1) deltas
  WHERE leads <> 0 OR leads_subscribed <> 0 OR leads_unsubscribed <> 0 OR leads_complained <> 0 OR leads_bounced <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET leads = analytics_hours.leads + excluded.leads, leads_subscribed = analytics_hours.leads_subscribed + excluded.leads_subscribed, leads_unsubscribed = analytics_hours.leads_unsubscribed + excluded.leads_unsubscribed, leads_complained = analytics_hours.leads_complained + excluded.leads_complained, leads_bounced = analytics_hours.leads_bounced + excluded.leads_bounced;
  DELETE FROM analytics_lead_firsts WHERE lead_id IN (SELECT DISTINCT lead_id FROM (SELECT lead_id FROM new_rows WHERE status = 'converted') x);
  INSERT INTO analytics_lead_firsts (lead_id, started_at, email_status)
  SELECT DISTINCT ON (c.lead_id) c.lead_id, c.started_at, ld.email_status FROM conversations c JOIN leads ld ON ld.id = c.lead_id
  WHERE c.status = 'converted' AND c.lead_id IN (SELECT DISTINCT lead_id FROM (SELECT lead_id FROM new_rows WHERE status = 'converted') x)
  ORDER BY c.lead_id, c.started_at, c.id;
  DELETE FROM analytics_lead_repeats WHERE lead_id IN (SELECT DISTINCT lead_id FROM (SELECT lead_id FROM new_rows WHERE status = 'converted') x);
  INSERT INTO analytics_lead_repeats (conversation_id, lead_id, started_at, prev_started_at)
  SELECT id, lead_id, started_at, prev FROM (
    SELECT c.id, c.lead_id, c.started_at, lag(c.started_at) OVER (PARTITION BY c.lead_id ORDER BY c.started_at, c.id) AS prev
    FROM conversations c WHERE c.status = 'converted' AND c.lead_id IN (SELECT DISTINCT lead_id FROM (SELECT lead_id FROM new_rows WHERE status = 'converted') x)) w
  WHERE prev IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
  INSERT INTO analytics_hours (hour, conversations, conversations_15, conversations_30, conversations_45, converted, converted_15, converted_30, converted_45, with_name, with_email, messages, abandoned, ended_time, gave_child_info, gave_email, gave_name, answered_a_question, started_only)
  SELECT hour, conversations, conversations_15, conversations_30, conversations_45, converted, converted_15, converted_30, converted_45, with_name, with_email, messages, abandoned, ended_time, gave_child_info, gave_email, gave_name, answered_a_question, started_only FROM (SELECT (date_trunc('hour', (r.started_at) at time zone 'UTC') at time zone 'UTC') AS hour, coalesce(sum(s), 0) AS conversations,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 15), 0) AS conversations_15,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 30), 0) AS conversations_30,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 45), 0) AS conversations_45,
    coalesce(sum(s) filter (where r.status = 'converted'), 0) AS converted,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 15), 0) AS converted_15,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 30), 0) AS converted_30,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 45), 0) AS converted_45,
    coalesce(sum(s) filter (where r.has_name), 0) AS with_name,
    coalesce(sum(s) filter (where r.has_email), 0) AS with_email,
    coalesce(sum(s * r.message_count), 0) AS messages,
    coalesce(sum(s) filter (where r.status = 'abandoned'), 0) AS abandoned,
    coalesce(sum(s * (r.last_activity_at - r.started_at)) filter (where r.status in ('converted', 'abandoned')), interval '0') AS ended_time,
    coalesce(sum(s) filter (where r.status = 'abandoned' and r.has_child_info), 0) AS gave_child_info,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and r.has_email), 0) AS gave_email,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and r.has_name), 0) AS gave_name,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and not r.has_name and r.user_message_count >= 2), 0) AS answered_a_question,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and not r.has_name and r.user_message_count < 2), 0) AS started_only
  FROM (SELECT -1 AS s, * FROM old_rows) r GROUP BY 1) deltas
  WHERE conversations <> 0 OR conversations_15 <> 0 OR conversations_30 <> 0 OR conversations_45 <> 0 OR converted <> 0 OR converted_15 <> 0 OR converted_30 <> 0 OR converted_45 <> 0 OR with_name <> 0 OR with_email <> 0 OR messages <> 0 OR abandoned <> 0 OR ended_time <> interval '0' OR gave_child_info <> 0 OR gave_email <> 0 OR gave_name <> 0 OR answered_a_question <> 0 OR started_only <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET conversations = analytics_hours.conversations + excluded.conversations, conversations_15 = analytics_hours.conversations_15 + excluded.conversations_15, conversations_30 = analytics_hours.conversations_30 + excluded.conversations_30, conversations_45 = analytics_hours.conversations_45 + excluded.conversations_45, converted = analytics_hours.converted + excluded.converted, converted_15 = analytics_hours.converted_15 + excluded.converted_15, converted_30 = analytics_hours.converted_30 + excluded.converted_30, converted_45 = analytics_hours.converted_45 + excluded.converted_45, with_name = analytics_hours.with_name + excluded.with_name, with_email = analytics_hours.with_email + excluded.with_email, messages = analytics_hours.messages + excluded.messages, abandoned = analytics_hours.abandoned + excluded.abandoned, ended_time = analytics_hours.ended_time + excluded.ended_time, gave_child_info = analytics_hours.gave_child_info + excluded.gave_child_info, gave_email = analytics_hours.gave_email + excluded.gave_email, gave_name = analytics_hours.gave_name + excluded.gave_name, answered_a_question = analytics_hours.answered_a_question + excluded.answered_a_question, started_only = analytics_hours.started_only + excluded.started_only;
  -- Visitors: who had a conversation when (the first of each visitor counts in first_visits, the
  -- others are kept with the start of the one before in analytics_visit_repeats).
  WITH vis AS (SELECT DISTINCT visitor_id AS v FROM (SELECT visitor_id FROM old_rows) x),
  old_state AS (
    SELECT c.visitor_id, c.started_at, c.id FROM conversations c JOIN vis ON c.visitor_id = vis.v
      WHERE c.id NOT IN (SELECT nn.id FROM (SELECT id, visitor_id, lead_id, started_at, status, has_name, has_email, has_child_info, message_count, user_message_count, last_activity_at FROM conversations WHERE false) nn)
    UNION ALL SELECT o.visitor_id, o.started_at, o.id FROM old_rows o JOIN vis ON o.visitor_id = vis.v),
  old_first AS (SELECT DISTINCT ON (visitor_id) visitor_id, started_at FROM old_state ORDER BY visitor_id, started_at, id),
  new_first AS (SELECT DISTINCT ON (c.visitor_id) c.visitor_id, c.started_at FROM conversations c JOIN vis ON c.visitor_id = vis.v
    ORDER BY c.visitor_id, c.started_at, c.id)
  INSERT INTO analytics_hours (hour, first_visits)
  SELECT hour, first_visits FROM (SELECT (date_trunc('hour', (started_at) at time zone 'UTC') at time zone 'UTC') AS hour, sum(d) AS first_visits FROM (
      SELECT started_at, -1 AS d FROM old_first UNION ALL SELECT started_at, 1 FROM new_first) f GROUP BY 1) deltas
  WHERE first_visits <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET first_visits = analytics_hours.first_visits + excluded.first_visits;
  DELETE FROM analytics_visit_repeats WHERE visitor_id IN (SELECT DISTINCT visitor_id FROM (SELECT visitor_id FROM old_rows) x);
  INSERT INTO analytics_visit_repeats (conversation_id, visitor_id, started_at, prev_started_at)
  SELECT id, visitor_id, started_at, prev FROM (
    SELECT c.id, c.visitor_id, c.started_at, lag(c.started_at) OVER (PARTITION BY c.visitor_id ORDER BY c.started_at, c.id) AS prev
    FROM conversations c WHERE c.visitor_id IN (SELECT DISTINCT visitor_id FROM (SELECT visitor_id FROM old_rows) x)) w
  WHERE prev IS NOT NULL;
  -- Leads: their converted conversations (the first of each lead counts in leads_*, by the lead's
  -- email status; the others are kept in analytics_lead_repeats).
  WITH ls AS (SELECT DISTINCT lead_id AS l FROM (SELECT lead_id FROM old_rows WHERE status = 'converted') x WHERE lead_id IS NOT NULL),
  old_first AS (SELECT f.started_at, f.email_status AS st FROM analytics_lead_firsts f JOIN ls ON f.lead_id = ls.l),
  new_first AS (SELECT DISTINCT ON (c.lead_id) c.started_at, ld.email_status AS st FROM conversations c
    JOIN ls ON c.lead_id = ls.l JOIN leads ld ON ld.id = c.lead_id
    WHERE c.status = 'converted' ORDER BY c.lead_id, c.started_at, c.id)
  INSERT INTO analytics_hours (hour, leads, leads_subscribed, leads_unsubscribed, leads_complained, leads_bounced)
  SELECT hour, leads, leads_subscribed, leads_unsubscribed, leads_complained, leads_bounced FROM (SELECT (date_trunc('hour', (started_at) at time zone 'UTC') at time zone 'UTC') AS hour, sum(leads) AS leads, sum(leads_subscribed) AS leads_subscribed, sum(leads_unsubscribed) AS leads_unsubscribed, sum(leads_complained) AS leads_complained, sum(leads_bounced) AS leads_bounced FROM (
      SELECT started_at, -1 AS leads,
      CASE WHEN st = 'subscribed' THEN -1 ELSE 0 END AS leads_subscribed,
      CASE WHEN st = 'unsubscribed' THEN -1 ELSE 0 END AS leads_unsubscribed,
      CASE WHEN st = 'complained' THEN -1 ELSE 0 END AS leads_complained,
      CASE WHEN st = 'bounced' THEN -1 ELSE 0 END AS leads_bounced FROM old_first
      UNION ALL SELECT started_at, 1 AS leads,
      CASE WHEN st = 'subscribed' THEN 1 ELSE 0 END AS leads_subscribed,
      CASE WHEN st = 'unsubscribed' THEN 1 ELSE 0 END AS leads_unsubscribed,
      CASE WHEN st = 'complained' THEN 1 ELSE 0 END AS leads_complained,
      CASE WHEN st = 'bounced' THEN 1 ELSE 0 END AS leads_bounced FROM new_first) f GROUP BY 1) deltas
  WHERE leads <> 0 OR leads_subscribed <> 0 OR leads_unsubscribed <> 0 OR leads_complained <> 0 OR leads_bounced <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET leads = analytics_hours.leads + excluded.leads, leads_subscribed = analytics_hours.leads_subscribed + excluded.leads_subscribed, leads_unsubscribed = analytics_hours.leads_unsubscribed + excluded.leads_unsubscribed, leads_complained = analytics_hours.leads_complained + excluded.leads_complained, leads_bounced = analytics_hours.leads_bounced + excluded.leads_bounced;
  DELETE FROM analytics_lead_firsts WHERE lead_id IN (SELECT DISTINCT lead_id FROM (SELECT lead_id FROM old_rows WHERE status = 'converted') x);
  INSERT INTO analytics_lead_firsts (lead_id, started_at, email_status)
  SELECT DISTINCT ON (c.lead_id) c.lead_id, c.started_at, ld.email_status FROM conversations c JOIN leads ld ON ld.id = c.lead_id
  WHERE c.status = 'converted' AND c.lead_id IN (SELECT DISTINCT lead_id FROM (SELECT lead_id FROM old_rows WHERE status = 'converted') x)
  ORDER BY c.lead_id, c.started_at, c.id;
  DELETE FROM analytics_lead_repeats WHERE lead_id IN (SELECT DISTINCT lead_id FROM (SELECT lead_id FROM old_rows WHERE status = 'converted') x);
  INSERT INTO analytics_lead_repeats (conversation_id, lead_id, started_at, prev_started_at)
  SELECT id, lead_id, started_at, prev FROM (
    SELECT c.id, c.lead_id, c.started_at, lag(c.started_at) OVER (PARTITION BY c.lead_id ORDER BY c.started_at, c.id) AS prev
    FROM conversations c WHERE c.status = 'converted' AND c.lead_id IN (SELECT DISTINCT lead_id FROM (SELECT lead_id FROM old_rows WHERE status = 'converted') x)) w
  WHERE prev IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
  INSERT INTO analytics_hours (hour, conversations, conversations_15, conversations_30, conversations_45, converted, converted_15, converted_30, converted_45, with_name, with_email, messages, abandoned, ended_time, gave_child_info, gave_email, gave_name, answered_a_question, started_only)
  SELECT hour, conversations, conversations_15, conversations_30, conversations_45, converted, converted_15, converted_30, converted_45, with_name, with_email, messages, abandoned, ended_time, gave_child_info, gave_email, gave_name, answered_a_question, started_only FROM (SELECT (date_trunc('hour', (r.started_at) at time zone 'UTC') at time zone 'UTC') AS hour, coalesce(sum(s), 0) AS conversations,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 15), 0) AS conversations_15,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 30), 0) AS conversations_30,
    coalesce(sum(s) filter (where extract(minute from (r.started_at) at time zone 'UTC') >= 45), 0) AS conversations_45,
    coalesce(sum(s) filter (where r.status = 'converted'), 0) AS converted,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 15), 0) AS converted_15,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 30), 0) AS converted_30,
    coalesce(sum(s) filter (where r.status = 'converted' and extract(minute from (r.started_at) at time zone 'UTC') >= 45), 0) AS converted_45,
    coalesce(sum(s) filter (where r.has_name), 0) AS with_name,
    coalesce(sum(s) filter (where r.has_email), 0) AS with_email,
    coalesce(sum(s * r.message_count), 0) AS messages,
    coalesce(sum(s) filter (where r.status = 'abandoned'), 0) AS abandoned,
    coalesce(sum(s * (r.last_activity_at - r.started_at)) filter (where r.status in ('converted', 'abandoned')), interval '0') AS ended_time,
    coalesce(sum(s) filter (where r.status = 'abandoned' and r.has_child_info), 0) AS gave_child_info,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and r.has_email), 0) AS gave_email,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and r.has_name), 0) AS gave_name,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and not r.has_name and r.user_message_count >= 2), 0) AS answered_a_question,
    coalesce(sum(s) filter (where r.status = 'abandoned' and not r.has_child_info and not r.has_email and not r.has_name and r.user_message_count < 2), 0) AS started_only
  FROM (SELECT -1 AS s, id, visitor_id, lead_id, started_at, status, has_name, has_email, has_child_info, message_count, user_message_count, last_activity_at FROM old_rows UNION ALL SELECT 1, id, visitor_id, lead_id, started_at, status, has_name, has_email, has_child_info, message_count, user_message_count, last_activity_at FROM new_rows) r GROUP BY 1) deltas
  WHERE conversations <> 0 OR conversations_15 <> 0 OR conversations_30 <> 0 OR conversations_45 <> 0 OR converted <> 0 OR converted_15 <> 0 OR converted_30 <> 0 OR converted_45 <> 0 OR with_name <> 0 OR with_email <> 0 OR messages <> 0 OR abandoned <> 0 OR ended_time <> interval '0' OR gave_child_info <> 0 OR gave_email <> 0 OR gave_name <> 0 OR answered_a_question <> 0 OR started_only <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET conversations = analytics_hours.conversations + excluded.conversations, conversations_15 = analytics_hours.conversations_15 + excluded.conversations_15, conversations_30 = analytics_hours.conversations_30 + excluded.conversations_30, conversations_45 = analytics_hours.conversations_45 + excluded.conversations_45, converted = analytics_hours.converted + excluded.converted, converted_15 = analytics_hours.converted_15 + excluded.converted_15, converted_30 = analytics_hours.converted_30 + excluded.converted_30, converted_45 = analytics_hours.converted_45 + excluded.converted_45, with_name = analytics_hours.with_name + excluded.with_name, with_email = analytics_hours.with_email + excluded.with_email, messages = analytics_hours.messages + excluded.messages, abandoned = analytics_hours.abandoned + excluded.abandoned, ended_time = analytics_hours.ended_time + excluded.ended_time, gave_child_info = analytics_hours.gave_child_info + excluded.gave_child_info, gave_email = analytics_hours.gave_email + excluded.gave_email, gave_name = analytics_hours.gave_name + excluded.gave_name, answered_a_question = analytics_hours.answered_a_question + excluded.answered_a_question, started_only = analytics_hours.started_only + excluded.started_only;
  -- Counted, not EXISTS (see analytics_hours_lead_status).
  IF (SELECT count(*) FROM (SELECT o.visitor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.visitor_id, o.started_at) IS DISTINCT FROM (n.visitor_id, n.started_at)
    UNION ALL SELECT n.visitor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.visitor_id, o.started_at) IS DISTINCT FROM (n.visitor_id, n.started_at)) z1) + (SELECT count(*) FROM (SELECT o.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND o.status = 'converted'
    UNION ALL SELECT n.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND n.status = 'converted') z2) > 0 THEN
  -- Visitors: who had a conversation when (the first of each visitor counts in first_visits, the
  -- others are kept with the start of the one before in analytics_visit_repeats).
  WITH vis AS (SELECT DISTINCT visitor_id AS v FROM (SELECT o.visitor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.visitor_id, o.started_at) IS DISTINCT FROM (n.visitor_id, n.started_at)
    UNION ALL SELECT n.visitor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.visitor_id, o.started_at) IS DISTINCT FROM (n.visitor_id, n.started_at)) x),
  old_state AS (
    SELECT c.visitor_id, c.started_at, c.id FROM conversations c JOIN vis ON c.visitor_id = vis.v
      WHERE c.id NOT IN (SELECT nn.id FROM new_rows nn)
    UNION ALL SELECT o.visitor_id, o.started_at, o.id FROM old_rows o JOIN vis ON o.visitor_id = vis.v),
  old_first AS (SELECT DISTINCT ON (visitor_id) visitor_id, started_at FROM old_state ORDER BY visitor_id, started_at, id),
  new_first AS (SELECT DISTINCT ON (c.visitor_id) c.visitor_id, c.started_at FROM conversations c JOIN vis ON c.visitor_id = vis.v
    ORDER BY c.visitor_id, c.started_at, c.id)
  INSERT INTO analytics_hours (hour, first_visits)
  SELECT hour, first_visits FROM (SELECT (date_trunc('hour', (started_at) at time zone 'UTC') at time zone 'UTC') AS hour, sum(d) AS first_visits FROM (
      SELECT started_at, -1 AS d FROM old_first UNION ALL SELECT started_at, 1 FROM new_first) f GROUP BY 1) deltas
  WHERE first_visits <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET first_visits = analytics_hours.first_visits + excluded.first_visits;
  DELETE FROM analytics_visit_repeats WHERE visitor_id IN (SELECT DISTINCT visitor_id FROM (SELECT o.visitor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.visitor_id, o.started_at) IS DISTINCT FROM (n.visitor_id, n.started_at)
    UNION ALL SELECT n.visitor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.visitor_id, o.started_at) IS DISTINCT FROM (n.visitor_id, n.started_at)) x);
  INSERT INTO analytics_visit_repeats (conversation_id, visitor_id, started_at, prev_started_at)
  SELECT id, visitor_id, started_at, prev FROM (
    SELECT c.id, c.visitor_id, c.started_at, lag(c.started_at) OVER (PARTITION BY c.visitor_id ORDER BY c.started_at, c.id) AS prev
    FROM conversations c WHERE c.visitor_id IN (SELECT DISTINCT visitor_id FROM (SELECT o.visitor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.visitor_id, o.started_at) IS DISTINCT FROM (n.visitor_id, n.started_at)
    UNION ALL SELECT n.visitor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.visitor_id, o.started_at) IS DISTINCT FROM (n.visitor_id, n.started_at)) x)) w
  WHERE prev IS NOT NULL;
  -- Leads: their converted conversations (the first of each lead counts in leads_*, by the lead's
  -- email status; the others are kept in analytics_lead_repeats).
  WITH ls AS (SELECT DISTINCT lead_id AS l FROM (SELECT o.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND o.status = 'converted'
    UNION ALL SELECT n.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND n.status = 'converted') x WHERE lead_id IS NOT NULL),
  old_first AS (SELECT f.started_at, f.email_status AS st FROM analytics_lead_firsts f JOIN ls ON f.lead_id = ls.l),
  new_first AS (SELECT DISTINCT ON (c.lead_id) c.started_at, ld.email_status AS st FROM conversations c
    JOIN ls ON c.lead_id = ls.l JOIN leads ld ON ld.id = c.lead_id
    WHERE c.status = 'converted' ORDER BY c.lead_id, c.started_at, c.id)
  INSERT INTO analytics_hours (hour, leads, leads_subscribed, leads_unsubscribed, leads_complained, leads_bounced)
  SELECT hour, leads, leads_subscribed, leads_unsubscribed, leads_complained, leads_bounced FROM (SELECT (date_trunc('hour', (started_at) at time zone 'UTC') at time zone 'UTC') AS hour, sum(leads) AS leads, sum(leads_subscribed) AS leads_subscribed, sum(leads_unsubscribed) AS leads_unsubscribed, sum(leads_complained) AS leads_complained, sum(leads_bounced) AS leads_bounced FROM (
      SELECT started_at, -1 AS leads,
      CASE WHEN st = 'subscribed' THEN -1 ELSE 0 END AS leads_subscribed,
      CASE WHEN st = 'unsubscribed' THEN -1 ELSE 0 END AS leads_unsubscribed,
      CASE WHEN st = 'complained' THEN -1 ELSE 0 END AS leads_complained,
      CASE WHEN st = 'bounced' THEN -1 ELSE 0 END AS leads_bounced FROM old_first
      UNION ALL SELECT started_at, 1 AS leads,
      CASE WHEN st = 'subscribed' THEN 1 ELSE 0 END AS leads_subscribed,
      CASE WHEN st = 'unsubscribed' THEN 1 ELSE 0 END AS leads_unsubscribed,
      CASE WHEN st = 'complained' THEN 1 ELSE 0 END AS leads_complained,
      CASE WHEN st = 'bounced' THEN 1 ELSE 0 END AS leads_bounced FROM new_first) f GROUP BY 1) deltas
  WHERE leads <> 0 OR leads_subscribed <> 0 OR leads_unsubscribed <> 0 OR leads_complained <> 0 OR leads_bounced <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET leads = analytics_hours.leads + excluded.leads, leads_subscribed = analytics_hours.leads_subscribed + excluded.leads_subscribed, leads_unsubscribed = analytics_hours.leads_unsubscribed + excluded.leads_unsubscribed, leads_complained = analytics_hours.leads_complained + excluded.leads_complained, leads_bounced = analytics_hours.leads_bounced + excluded.leads_bounced;
  DELETE FROM analytics_lead_firsts WHERE lead_id IN (SELECT DISTINCT lead_id FROM (SELECT o.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND o.status = 'converted'
    UNION ALL SELECT n.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND n.status = 'converted') x);
  INSERT INTO analytics_lead_firsts (lead_id, started_at, email_status)
  SELECT DISTINCT ON (c.lead_id) c.lead_id, c.started_at, ld.email_status FROM conversations c JOIN leads ld ON ld.id = c.lead_id
  WHERE c.status = 'converted' AND c.lead_id IN (SELECT DISTINCT lead_id FROM (SELECT o.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND o.status = 'converted'
    UNION ALL SELECT n.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND n.status = 'converted') x)
  ORDER BY c.lead_id, c.started_at, c.id;
  DELETE FROM analytics_lead_repeats WHERE lead_id IN (SELECT DISTINCT lead_id FROM (SELECT o.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND o.status = 'converted'
    UNION ALL SELECT n.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND n.status = 'converted') x);
  INSERT INTO analytics_lead_repeats (conversation_id, lead_id, started_at, prev_started_at)
  SELECT id, lead_id, started_at, prev FROM (
    SELECT c.id, c.lead_id, c.started_at, lag(c.started_at) OVER (PARTITION BY c.lead_id ORDER BY c.started_at, c.id) AS prev
    FROM conversations c WHERE c.status = 'converted' AND c.lead_id IN (SELECT DISTINCT lead_id FROM (SELECT o.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND o.status = 'converted'
    UNION ALL SELECT n.lead_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'converted', o.lead_id, o.started_at) IS DISTINCT FROM (n.status = 'converted', n.lead_id, n.started_at)
        AND n.status = 'converted') x)) w
  WHERE prev IS NOT NULL;
  END IF;
  ELSE -- TRUNCATE
    UPDATE analytics_hours SET conversations = 0, conversations_15 = 0, conversations_30 = 0, conversations_45 = 0, converted = 0, converted_15 = 0, converted_30 = 0, converted_45 = 0, with_name = 0, with_email = 0, messages = 0, abandoned = 0, ended_time = interval '0', gave_child_info = 0, gave_email = 0, gave_name = 0, answered_a_question = 0, started_only = 0, first_visits = 0, leads = 0, leads_subscribed = 0, leads_unsubscribed = 0, leads_complained = 0, leads_bounced = 0;
    DELETE FROM analytics_visit_repeats;
    DELETE FROM analytics_lead_firsts;
    DELETE FROM analytics_lead_repeats;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_hours_conversations_insert AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_hours_conversations();
--> statement-breakpoint
CREATE TRIGGER analytics_hours_conversations_update AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_hours_conversations();
--> statement-breakpoint
CREATE TRIGGER analytics_hours_conversations_delete AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_hours_conversations();
--> statement-breakpoint
CREATE TRIGGER analytics_hours_conversations_truncate AFTER TRUNCATE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_hours_conversations();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_hours_visitors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_hours (hour, visitors)
  SELECT hour, visitors FROM (SELECT (date_trunc('hour', (first_seen_at) at time zone 'UTC') at time zone 'UTC') AS hour, sum(s)::int AS visitors FROM (SELECT 1 AS s, first_seen_at FROM new_rows) r GROUP BY 1) deltas
  WHERE visitors <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET visitors = analytics_hours.visitors + excluded.visitors;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_hours (hour, visitors)
  SELECT hour, visitors FROM (SELECT (date_trunc('hour', (first_seen_at) at time zone 'UTC') at time zone 'UTC') AS hour, sum(s)::int AS visitors FROM (SELECT -1 AS s, first_seen_at FROM old_rows) r GROUP BY 1) deltas
  WHERE visitors <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET visitors = analytics_hours.visitors + excluded.visitors;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_hours (hour, visitors)
  SELECT hour, visitors FROM (SELECT (date_trunc('hour', (first_seen_at) at time zone 'UTC') at time zone 'UTC') AS hour, sum(s)::int AS visitors FROM (SELECT -1 AS s, first_seen_at FROM old_rows UNION ALL SELECT 1, first_seen_at FROM new_rows) r GROUP BY 1) deltas
  WHERE visitors <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET visitors = analytics_hours.visitors + excluded.visitors;
  ELSE
    UPDATE analytics_hours SET visitors = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_hours_visitors_insert AFTER INSERT ON visitors
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_hours_visitors();
--> statement-breakpoint
CREATE TRIGGER analytics_hours_visitors_update AFTER UPDATE ON visitors
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_hours_visitors();
--> statement-breakpoint
CREATE TRIGGER analytics_hours_visitors_delete AFTER DELETE ON visitors
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_hours_visitors();
--> statement-breakpoint
CREATE TRIGGER analytics_hours_visitors_truncate AFTER TRUNCATE ON visitors
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_hours_visitors();
--> statement-breakpoint
-- A lead's email status moves its first converted conversation between the leads_* columns.
CREATE OR REPLACE FUNCTION analytics_hours_lead_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Counted, not EXISTS: a semi-join of the two transition tables is planned as a nested loop
  -- (cheapest to its first row), which is 10,000 x 10,000 comparisons when no status changed.
  IF (SELECT count(*) FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.email_status IS DISTINCT FROM n.email_status) > 0 THEN
    WITH moved AS (
      SELECT f.lead_id, f.started_at, f.email_status AS old_status, n.email_status AS new_status
      FROM analytics_lead_firsts f JOIN new_rows n ON n.id = f.lead_id WHERE f.email_status IS DISTINCT FROM n.email_status),
    moves AS (
      UPDATE analytics_lead_firsts f SET email_status = m.new_status FROM moved m WHERE f.lead_id = m.lead_id
      RETURNING m.started_at, m.old_status, m.new_status)
    INSERT INTO analytics_hours (hour, leads, leads_subscribed, leads_unsubscribed, leads_complained, leads_bounced)
  SELECT hour, leads, leads_subscribed, leads_unsubscribed, leads_complained, leads_bounced FROM (SELECT (date_trunc('hour', (started_at) at time zone 'UTC') at time zone 'UTC') AS hour, sum(leads) AS leads, sum(leads_subscribed) AS leads_subscribed, sum(leads_unsubscribed) AS leads_unsubscribed, sum(leads_complained) AS leads_complained, sum(leads_bounced) AS leads_bounced FROM (
      SELECT started_at, -1 AS leads,
      CASE WHEN st = 'subscribed' THEN -1 ELSE 0 END AS leads_subscribed,
      CASE WHEN st = 'unsubscribed' THEN -1 ELSE 0 END AS leads_unsubscribed,
      CASE WHEN st = 'complained' THEN -1 ELSE 0 END AS leads_complained,
      CASE WHEN st = 'bounced' THEN -1 ELSE 0 END AS leads_bounced FROM (SELECT started_at, old_status AS st FROM moves) a
      UNION ALL SELECT started_at, 1 AS leads,
      CASE WHEN st = 'subscribed' THEN 1 ELSE 0 END AS leads_subscribed,
      CASE WHEN st = 'unsubscribed' THEN 1 ELSE 0 END AS leads_unsubscribed,
      CASE WHEN st = 'complained' THEN 1 ELSE 0 END AS leads_complained,
      CASE WHEN st = 'bounced' THEN 1 ELSE 0 END AS leads_bounced FROM (SELECT started_at, new_status AS st FROM moves) b) f GROUP BY 1) deltas
  WHERE leads <> 0 OR leads_subscribed <> 0 OR leads_unsubscribed <> 0 OR leads_complained <> 0 OR leads_bounced <> 0
  ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET leads = analytics_hours.leads + excluded.leads, leads_subscribed = analytics_hours.leads_subscribed + excluded.leads_subscribed, leads_unsubscribed = analytics_hours.leads_unsubscribed + excluded.leads_unsubscribed, leads_complained = analytics_hours.leads_complained + excluded.leads_complained, leads_bounced = analytics_hours.leads_bounced + excluded.leads_bounced;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_hours_lead_status AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_hours_lead_status();
--> statement-breakpoint
ANALYZE analytics_hours;
