-- Email templates (spec document 3, 3.10): subject, HTML and text with {{x}} / {$x} placeholders,
-- their declared variables, segment tags, and how often campaigns used them. default_key marks the
-- starter templates create-defaults added, so asking again adds none twice.
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text DEFAULT 'newsletter' NOT NULL,
	"subject_template" text NOT NULL,
	"content_html_template" text NOT NULL,
	"content_text_template" text,
	"variables_schema" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"segment_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"personalization_level" text DEFAULT 'medium' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"default_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_default_key_unique" UNIQUE("default_key"),
	CONSTRAINT "email_templates_category_check" CHECK ("email_templates"."category" in ('newsletter', 'welcome', 'resources', 'events', 'general')),
	CONSTRAINT "email_templates_personalization_level_check" CHECK ("email_templates"."personalization_level" in ('light', 'medium', 'heavy')),
	CONSTRAINT "email_templates_usage_count_check" CHECK ("email_templates"."usage_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_templates_category_idx" ON "email_templates" USING btree ("category");--> statement-breakpoint
CREATE INDEX "email_templates_created_idx" ON "email_templates" USING btree ("created_at","id");
