CREATE TABLE "visitors" (
	"id" text PRIMARY KEY NOT NULL,
	"total_visits" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_page_url" text,
	"last_page_url" text,
	"referrer" text,
	"lead_id" uuid
);
--> statement-breakpoint
DROP INDEX "conversations_visitor_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "status" text DEFAULT 'in_progress' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "has_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "has_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "has_child_info" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "resources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "dialogue" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitors_first_seen_idx" ON "visitors" USING btree ("first_seen_at");--> statement-breakpoint
CREATE INDEX "visitors_lead_idx" ON "visitors" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "conversations_open_idx" ON "conversations" USING btree ("last_activity_at") WHERE "conversations"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "conversations_started_idx" ON "conversations" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "conversations_visitor_idx" ON "conversations" USING btree ("visitor_id","last_activity_at");--> statement-breakpoint
-- Conversations stored before the engine: last activity is their end (or start), flags from context.
UPDATE "conversations" SET
  "last_activity_at" = coalesce("ended_at", "started_at"),
  "has_name" = coalesce("context"->>'parentName', '') <> '',
  "has_email" = coalesce("context"->>'email', '') <> '',
  "has_child_info" = coalesce("context"->>'childName', '') <> '' OR jsonb_typeof("context"->'children') = 'array',
  "status" = CASE WHEN "lead_id" IS NOT NULL AND "completed" THEN 'converted' ELSE 'abandoned' END
  WHERE jsonb_typeof("context") = 'object';
