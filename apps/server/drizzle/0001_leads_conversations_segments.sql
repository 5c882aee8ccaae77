CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "lead_children" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"age" integer,
	"grade" text,
	"special_needs" text[] DEFAULT '{}' NOT NULL,
	"current_support" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"parent_name" text NOT NULL,
	"phone" text,
	"phone_consent" boolean DEFAULT false NOT NULL,
	"timeline" text,
	"timeline_date" date,
	"biggest_concerns" text,
	"lead_score" integer DEFAULT 0 NOT NULL,
	"score_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conversion_status" text DEFAULT 'pending' NOT NULL,
	"enrollment_date" date,
	"payment_amount" numeric(12, 2),
	"payment_period" text,
	"email_status" text DEFAULT 'subscribed' NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"unsubscribe_reason" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"visitor_id" text,
	"completed_conversations" integer DEFAULT 0 NOT NULL,
	"resource_downloads" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"lead_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"completed" boolean DEFAULT false NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "conversations_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "lead_segments" (
	"lead_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"assignment" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_segments_lead_id_segment_id_pk" PRIMARY KEY("lead_id","segment_id")
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"never_contact" boolean DEFAULT false NOT NULL,
	"email_list_ready" boolean DEFAULT true NOT NULL,
	"auto_tag" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 5 NOT NULL,
	"inclusion_rules" jsonb,
	"exclusion_rules" jsonb,
	"last_evaluated" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "lead_children" ADD CONSTRAINT "lead_children_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_segments" ADD CONSTRAINT "lead_segments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_segments" ADD CONSTRAINT "lead_segments_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_children_lead_idx" ON "lead_children" USING btree ("lead_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_email_idx" ON "leads" USING btree ("email");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_score_idx" ON "leads" USING btree ("lead_score");--> statement-breakpoint
CREATE INDEX "leads_downloads_idx" ON "leads" USING btree ("resource_downloads") WHERE "leads"."resource_downloads" > 0;--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "conversations_lead_idx" ON "conversations" USING btree ("lead_id","started_at");--> statement-breakpoint
CREATE INDEX "conversations_visitor_idx" ON "conversations" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "conversations_completed_idx" ON "conversations" USING btree ("started_at") WHERE "conversations"."completed";--> statement-breakpoint
CREATE INDEX "lead_segments_segment_idx" ON "lead_segments" USING btree ("segment_id","lead_id");