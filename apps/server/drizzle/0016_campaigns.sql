-- Campaigns (spec document 3, 3.8), their content versions, and voice settings (3.9). The approval
-- columns (approval_token_hash, approved_at, approved_by_email, approval_feedback) and the sending
-- ones (publish_status, scheduled_for, sent_at) are filled by the campaign results issue; the token
-- is stored only as its SHA-256 hash. segment_name, segment_leads and estimated_recipients are
-- computed by the server at each save (and on reading one campaign), never typed.
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"content_html" text NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"segment_id" uuid,
	"segment_name" text,
	"segment_leads" integer DEFAULT 0 NOT NULL,
	"estimated_recipients" integer DEFAULT 0 NOT NULL,
	"target_segment_count" integer DEFAULT 1 NOT NULL,
	"approval_status" text DEFAULT 'draft' NOT NULL,
	"publish_status" text DEFAULT 'ready' NOT NULL,
	"approval_token_hash" text,
	"approval_feedback" text,
	"approved_by_email" text,
	"approved_at" timestamp with time zone,
	"scheduled_for" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"final_version_number" integer,
	"current_version_number" integer DEFAULT 1 NOT NULL,
	"template_id" uuid,
	"generation_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_approval_token_hash_unique" UNIQUE("approval_token_hash"),
	CONSTRAINT "campaigns_approval_status_check" CHECK ("campaigns"."approval_status" in ('draft', 'pending', 'approved', 'rejected')),
	CONSTRAINT "campaigns_publish_status_check" CHECK ("campaigns"."publish_status" in ('ready', 'unpublished', 'published', 'scheduled', 'sent')),
	CONSTRAINT "campaigns_counts_check" CHECK ("campaigns"."segment_leads" >= 0 and "campaigns"."estimated_recipients" >= 0 and "campaigns"."current_version_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "campaign_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"subject" text NOT NULL,
	"content_html" text NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"instruction" text,
	"change_summary" text,
	"personalization_level" text DEFAULT 'medium' NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_versions_number_unique" UNIQUE("campaign_id","version_number"),
	CONSTRAINT "campaign_versions_personalization_level_check" CHECK ("campaign_versions"."personalization_level" in ('light', 'medium', 'heavy')),
	CONSTRAINT "campaign_versions_source_check" CHECK ("campaign_versions"."source" in ('created', 'manual', 'ai'))
);
--> statement-breakpoint
CREATE TABLE "voice_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"tone" text NOT NULL,
	"perspective" text NOT NULL,
	"style" text NOT NULL,
	"avoid_terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"include_elements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferred_length" text DEFAULT '300-500' NOT NULL,
	"cta_style" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_settings_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_versions" ADD CONSTRAINT "campaign_versions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_versions" ADD CONSTRAINT "campaign_versions_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_segment_idx" ON "campaigns" USING btree ("segment_id");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("approval_status","publish_status");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_settings_one_default" ON "voice_settings" USING btree ("is_default") WHERE "voice_settings"."is_default";--> statement-breakpoint
-- The default voice and the three presets of section 9 (contracts: DEFAULT_VOICE_SETTING, VOICE_PRESETS).
INSERT INTO "voice_settings" ("name", "description", "tone", "perspective", "style", "avoid_terms", "include_elements", "preferred_length", "cta_style", "is_default") VALUES
	('Default Voice', 'Warm and supportive, for families exploring the school', 'warm, supportive, professional', 'understanding parent community', 'conversational but authoritative', '["medical advice","overwhelming jargon","guarantees"]'::jsonb, '["practical tips","community support","next steps"]'::jsonb, '300-500', 'gentle encouragement', true),
	('Professional', 'Clear, polished and informative', 'professional, confident, courteous', 'experienced education team', 'clear and concise', '["slang","overwhelming jargon","guarantees"]'::jsonb, '["key facts","next steps","contact details"]'::jsonb, '250-400', 'clear invitation', false),
	('Empathetic', 'Gentle and reassuring, for families facing hard choices', 'empathetic, gentle, reassuring', 'fellow parents who understand', 'personal and caring', '["medical advice","labels","guarantees"]'::jsonb, '["shared experiences","practical tips","community support"]'::jsonb, '300-500', 'gentle encouragement', false),
	('Urgent', 'Timely and direct, for deadlines and limited places', 'direct, energetic, helpful', 'admissions team with a deadline', 'brief and action-oriented', '["pressure tactics","guarantees","overwhelming jargon"]'::jsonb, '["deadline","what to prepare","next steps"]'::jsonb, '150-250', 'clear call to act now', false);
