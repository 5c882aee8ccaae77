-- Scale (issue 25), written by hand. The dashboard's figures that a scan cannot give fast at a
-- million leads are kept as counters by PostgreSQL itself, in the transactions that change the
-- data: statement-level triggers (one aggregated insert per statement, so a bulk import or a
-- clearing of every lead stays one statement) append signed deltas to "stat_counters", and a
-- figure is the sum of its rows. Appending, never updating one row, means no two writers wait on
-- each other (nor deadlock) for a counter; the rows are folded into one per name from time to time
-- (compactCounters in modules/dashboard/dashboard-counters.ts). Every write path (the API, imports,
-- the seed, clear-analytics' DELETE, a foreign key's cascade, COPY) fires the same triggers.
CREATE TABLE "stat_counters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"name" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stat_counters_name_idx" ON "stat_counters" ("name", "delta");
--> statement-breakpoint
-- leads: how many ('leads') and their downloads' sum ('lead_downloads').
CREATE OR REPLACE FUNCTION stat_counters_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stat_counters (name, delta)
    SELECT c.name, c.delta FROM (SELECT count(*) AS n, coalesce(sum(resource_downloads), 0) AS d FROM new_rows) s,
      LATERAL (VALUES ('leads', s.n), ('lead_downloads', s.d)) AS c(name, delta)
    WHERE c.delta <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stat_counters (name, delta)
    SELECT c.name, -c.delta FROM (SELECT count(*) AS n, coalesce(sum(resource_downloads), 0) AS d FROM old_rows) s,
      LATERAL (VALUES ('leads', s.n), ('lead_downloads', s.d)) AS c(name, delta)
    WHERE c.delta <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO stat_counters (name, delta)
    SELECT 'lead_downloads', d FROM (
      SELECT (SELECT coalesce(sum(resource_downloads), 0) FROM new_rows)
           - (SELECT coalesce(sum(resource_downloads), 0) FROM old_rows) AS d) s
    WHERE d <> 0;
  ELSE -- TRUNCATE
    DELETE FROM stat_counters WHERE name IN ('leads', 'lead_downloads');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_counters_leads_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_leads();
--> statement-breakpoint
CREATE TRIGGER stat_counters_leads_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_leads();
--> statement-breakpoint
CREATE TRIGGER stat_counters_leads_delete AFTER DELETE ON leads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_leads();
--> statement-breakpoint
CREATE TRIGGER stat_counters_leads_truncate AFTER TRUNCATE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_leads();
--> statement-breakpoint
-- conversations: how many are completed ('completed_conversations').
CREATE OR REPLACE FUNCTION stat_counters_conversations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stat_counters (name, delta)
    SELECT 'completed_conversations', n FROM (SELECT count(*) AS n FROM new_rows WHERE completed) s WHERE n <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stat_counters (name, delta)
    SELECT 'completed_conversations', -n FROM (SELECT count(*) AS n FROM old_rows WHERE completed) s WHERE n <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO stat_counters (name, delta)
    SELECT 'completed_conversations', d FROM (
      SELECT (SELECT count(*) FROM new_rows WHERE completed) - (SELECT count(*) FROM old_rows WHERE completed) AS d) s
    WHERE d <> 0;
  ELSE
    DELETE FROM stat_counters WHERE name = 'completed_conversations';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_counters_conversations_insert AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_conversations();
--> statement-breakpoint
CREATE TRIGGER stat_counters_conversations_update AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_conversations();
--> statement-breakpoint
CREATE TRIGGER stat_counters_conversations_delete AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_conversations();
--> statement-breakpoint
CREATE TRIGGER stat_counters_conversations_truncate AFTER TRUNCATE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_conversations();
--> statement-breakpoint
-- lead_segments: each segment's members ('segment:<id>').
CREATE OR REPLACE FUNCTION stat_counters_lead_segments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stat_counters (name, delta)
    SELECT 'segment:' || segment_id, count(*) FROM new_rows GROUP BY segment_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stat_counters (name, delta)
    SELECT 'segment:' || segment_id, -count(*) FROM old_rows GROUP BY segment_id;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO stat_counters (name, delta)
    SELECT name, sum(d) FROM (
      SELECT 'segment:' || segment_id AS name, 1 AS d FROM new_rows
      UNION ALL SELECT 'segment:' || segment_id, -1 FROM old_rows) c
    GROUP BY name HAVING sum(d) <> 0;
  ELSE
    DELETE FROM stat_counters WHERE name LIKE 'segment:%';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_counters_lead_segments_insert AFTER INSERT ON lead_segments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_lead_segments();
--> statement-breakpoint
CREATE TRIGGER stat_counters_lead_segments_update AFTER UPDATE ON lead_segments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_lead_segments();
--> statement-breakpoint
CREATE TRIGGER stat_counters_lead_segments_delete AFTER DELETE ON lead_segments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_lead_segments();
--> statement-breakpoint
CREATE TRIGGER stat_counters_lead_segments_truncate AFTER TRUNCATE ON lead_segments
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_lead_segments();
--> statement-breakpoint
-- The data stored before this migration.
INSERT INTO stat_counters (name, delta)
SELECT name, delta FROM (
  SELECT 'leads' AS name, count(*) AS delta FROM leads
  UNION ALL SELECT 'lead_downloads', coalesce(sum(resource_downloads), 0) FROM leads
  UNION ALL SELECT 'completed_conversations', count(*) FROM conversations WHERE completed
  UNION ALL SELECT 'segment:' || segment_id, count(*) FROM lead_segments GROUP BY segment_id) s
WHERE delta <> 0;
--> statement-breakpoint
-- The leads list's filters are correlated (a timeline, a status and a score band say much the
-- same about a family's intent): statistics on them together let the planner estimate their
-- combination, not the product of each one's selectivity.
CREATE STATISTICS "leads_list_filters_stats" (dependencies, mcv)
  ON "lead_score", "conversion_status", "email_status", (lower("timeline")) FROM "leads";
--> statement-breakpoint
-- A search's trigram matches are estimated from the histogram of search_text: 100 entries said
-- "100 rows" for a name 20,000 leads share; 400 estimate it within a few percent, which the list
-- needs to choose between counting exactly and a labelled estimate (leads.repository.ts).
ALTER TABLE "leads" ALTER COLUMN "search_text" SET STATISTICS 400;
--> statement-breakpoint
-- A score band is 3% (low), 34% (high) or 63% (medium) of the leads: an index on every score made
-- the planner AND a 630,000-row bitmap with a search's few thousand (the issue's 394 ms p95). Only
-- low scores are rare enough for an index to pay (the low band, rules such as "score below 20").
DROP INDEX IF EXISTS "leads_score_idx";
--> statement-breakpoint
CREATE INDEX "leads_low_score_idx" ON "leads" ("lead_score") WHERE "lead_score" < 40;
--> statement-breakpoint
-- A search and the list's equality filters in one index (btree_gin gives GIN the plain columns):
-- the index intersects a term's trigram matches with the chosen email status, conversion status
-- and timeline before any row is read, so a search narrowed to 700 families reads about 700 rows,
-- not the 20,000 sharing the name. It replaces the trigram-only index (same first column).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "leads_search_filters_idx" ON "leads" USING gin ("search_text" gin_trgm_ops, "email_status", "conversion_status", lower("timeline"));
--> statement-breakpoint
DROP INDEX IF EXISTS "leads_search_trgm_idx";
