-- The segment rule test at a million leads (issue 25), written by hand. A rule test counts every
-- lead its rules match, and at 1,000,000 leads that was a scan of the whole leads heap (1.4 GB: a
-- lead's row carries its score breakdown and children as JSON, about 1.4 kB) with each text
-- condition lowering its column per row and each array condition a subquery per row: 1.2 s.
-- "lead_rule_facts" is the narrow projection of the leads a rule can test (the columns of
-- leadRuleColumns, modules/leads/lead-columns.ts), one row per lead, and ready for the rules'
-- comparisons: each text field also lowered (rules compare text ignoring case; lower() per row was
-- half of a scan's time), the array fields' items lowered (a contains is `@>`, no subquery per
-- row). An array's items are lowered as its text, lower(a::text)::text[]: the same items as
-- lowering each one (lowering changes letters only, never the quotes, commas, braces and
-- backslashes of an array's text, and an unquoted NULL reads back as NULL in any case), in a third
-- less of the trigger's time than a subquery per array; rule-facts.test.ts checks both agree.
-- About a third of the heap's size (490 MB at 1,000,000 leads), and a parallel scan of it with these
-- comparisons takes a fifth of the time of the heap's.
-- It is kept exact by PostgreSQL itself, in the statement that changes a lead: statement-level
-- triggers on leads (one set-based statement per write, so a bulk import or COPY stays one
-- statement, as the counters of 0017_scale). Every write path fires them (the API, imports,
-- COPY, the clearing of every lead, a TRUNCATE). rule-facts.test.ts checks them for drift.
CREATE TABLE "lead_rule_facts" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"lead_score" integer NOT NULL,
	"child_count" integer NOT NULL,
	"child_age" integer,
	"email" text NOT NULL,
	"parent_name" text NOT NULL,
	"child_name" text,
	"phone" text,
	"timeline" text,
	"biggest_concerns" text,
	"email_lc" text NOT NULL,
	"parent_name_lc" text NOT NULL,
	"child_name_lc" text NOT NULL,
	"phone_lc" text NOT NULL,
	"timeline_lc" text NOT NULL,
	"biggest_concerns_lc" text NOT NULL,
	"special_needs_lc" text[] NOT NULL,
	"current_support_lc" text[] NOT NULL,
	"all_special_needs_lc" text[] NOT NULL,
	"all_ages" integer[] NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_rule_facts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_rule_facts
    SELECT n.id, n.created_at, n.lead_score, n.child_count, n.first_child_age,
      n.email, n.parent_name, n.first_child_name, n.phone, n.timeline, n.biggest_concerns,
      lower(coalesce(n.email, '')), lower(coalesce(n.parent_name, '')), lower(coalesce(n.first_child_name, '')),
      lower(coalesce(n.phone, '')), lower(coalesce(n.timeline, '')), lower(coalesce(n.biggest_concerns, '')),
      lower(n.first_child_special_needs::text)::text[],
      lower(n.first_child_current_support::text)::text[],
      lower(n.all_special_needs::text)::text[],
      n.all_ages
    FROM new_rows n;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Were a lead's id ever changed, its row under the old id goes.
    DELETE FROM lead_rule_facts f USING old_rows o
    WHERE f.lead_id = o.id AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id);
    -- Only the leads whose fields a rule reads changed: a download or an email status rewrites
    -- no row here.
    INSERT INTO lead_rule_facts AS f
    SELECT n.id, n.created_at, n.lead_score, n.child_count, n.first_child_age,
      n.email, n.parent_name, n.first_child_name, n.phone, n.timeline, n.biggest_concerns,
      lower(coalesce(n.email, '')), lower(coalesce(n.parent_name, '')), lower(coalesce(n.first_child_name, '')),
      lower(coalesce(n.phone, '')), lower(coalesce(n.timeline, '')), lower(coalesce(n.biggest_concerns, '')),
      lower(n.first_child_special_needs::text)::text[],
      lower(n.first_child_current_support::text)::text[],
      lower(n.all_special_needs::text)::text[],
      n.all_ages
    FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    WHERE o.id IS NULL
      OR (n.created_at, n.lead_score, n.child_count, n.first_child_age, n.email, n.parent_name,
          n.first_child_name, n.phone, n.timeline, n.biggest_concerns, n.first_child_special_needs,
          n.first_child_current_support, n.all_special_needs, n.all_ages)
        IS DISTINCT FROM
         (o.created_at, o.lead_score, o.child_count, o.first_child_age, o.email, o.parent_name,
          o.first_child_name, o.phone, o.timeline, o.biggest_concerns, o.first_child_special_needs,
          o.first_child_current_support, o.all_special_needs, o.all_ages)
    ON CONFLICT (lead_id) DO UPDATE SET
      created_at = excluded.created_at, lead_score = excluded.lead_score, child_count = excluded.child_count,
      child_age = excluded.child_age, email = excluded.email, parent_name = excluded.parent_name,
      child_name = excluded.child_name, phone = excluded.phone, timeline = excluded.timeline,
      biggest_concerns = excluded.biggest_concerns, email_lc = excluded.email_lc,
      parent_name_lc = excluded.parent_name_lc, child_name_lc = excluded.child_name_lc,
      phone_lc = excluded.phone_lc, timeline_lc = excluded.timeline_lc,
      biggest_concerns_lc = excluded.biggest_concerns_lc, special_needs_lc = excluded.special_needs_lc,
      current_support_lc = excluded.current_support_lc, all_special_needs_lc = excluded.all_special_needs_lc,
      all_ages = excluded.all_ages;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM lead_rule_facts f USING old_rows o WHERE f.lead_id = o.id;
  ELSE -- TRUNCATE
    TRUNCATE lead_rule_facts;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lead_rule_facts_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_rule_facts_sync();
--> statement-breakpoint
CREATE TRIGGER lead_rule_facts_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_rule_facts_sync();
--> statement-breakpoint
CREATE TRIGGER lead_rule_facts_delete AFTER DELETE ON leads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_rule_facts_sync();
--> statement-breakpoint
CREATE TRIGGER lead_rule_facts_truncate AFTER TRUNCATE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_rule_facts_sync();
--> statement-breakpoint
-- The leads stored before this migration.
INSERT INTO lead_rule_facts
SELECT l.id, l.created_at, l.lead_score, l.child_count, l.first_child_age,
  l.email, l.parent_name, l.first_child_name, l.phone, l.timeline, l.biggest_concerns,
  lower(coalesce(l.email, '')), lower(coalesce(l.parent_name, '')), lower(coalesce(l.first_child_name, '')),
  lower(coalesce(l.phone, '')), lower(coalesce(l.timeline, '')), lower(coalesce(l.biggest_concerns, '')),
  lower(l.first_child_special_needs::text)::text[],
  lower(l.first_child_current_support::text)::text[],
  lower(l.all_special_needs::text)::text[],
  l.all_ages
FROM leads l;
--> statement-breakpoint
ANALYZE lead_rule_facts;
