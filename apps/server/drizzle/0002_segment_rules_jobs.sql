CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"dedupe_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "child_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_child_name" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_child_age" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_child_special_needs" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_child_current_support" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "all_special_needs" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "all_ages" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("run_after","id") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_idx" ON "jobs" USING btree ("kind","dedupe_key") WHERE "jobs"."status" = 'queued' and "jobs"."dedupe_key" is not null;--> statement-breakpoint
-- Backfill the children facts of existing leads (hand-written; see childFactsOf in lead-mapping.ts).
UPDATE "leads" l SET
	"child_count" = f.child_count,
	"first_child_name" = f.first_name,
	"first_child_age" = f.first_age,
	"first_child_special_needs" = f.first_needs,
	"first_child_current_support" = f.first_support,
	"all_special_needs" = f.all_needs,
	"all_ages" = f.all_ages
FROM (
	SELECT c.lead_id,
		count(*)::int AS child_count,
		(array_agg(c.name ORDER BY c.position))[1] AS first_name,
		(array_agg(c.age ORDER BY c.position))[1] AS first_age,
		coalesce((SELECT c0.special_needs FROM lead_children c0 WHERE c0.lead_id = c.lead_id ORDER BY c0.position LIMIT 1), '{}') AS first_needs,
		coalesce((SELECT c0.current_support FROM lead_children c0 WHERE c0.lead_id = c.lead_id ORDER BY c0.position LIMIT 1), '{}') AS first_support,
		coalesce((SELECT array_agg(n ORDER BY c1.position, o) FROM lead_children c1, unnest(c1.special_needs) WITH ORDINALITY AS u(n, o) WHERE c1.lead_id = c.lead_id), '{}') AS all_needs,
		coalesce(array_agg(c.age ORDER BY c.position) FILTER (WHERE c.age IS NOT NULL), '{}') AS all_ages
	FROM lead_children c
	GROUP BY c.lead_id
) f
WHERE f.lead_id = l.id;
