CREATE TABLE "widget_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"school_name" text DEFAULT 'My Academy' NOT NULL,
	"position" text DEFAULT 'bottom-right' NOT NULL,
	"unique_selling_proposition" text,
	"call_to_action_text" text,
	"chatbot_name" text DEFAULT 'School Assistant' NOT NULL,
	"chatbot_personality" text,
	"welcome_message" text DEFAULT 'Hi! Welcome to {{school_name}}. How can I help you today?' NOT NULL,
	"avatar_url" text,
	"avatar_filename" text,
	"logo_url" text,
	"logo_filename" text,
	"primary_color" text DEFAULT '#4F46E5' NOT NULL,
	"secondary_color" text DEFAULT '#7C3AED' NOT NULL,
	"accent_color" text DEFAULT '#10B981' NOT NULL,
	"text_color" text DEFAULT '#1F2937' NOT NULL,
	"background_color" text DEFAULT '#FFFFFF' NOT NULL,
	"border_radius" text DEFAULT '12px' NOT NULL,
	"auto_open_enabled" boolean DEFAULT false NOT NULL,
	"auto_open_delay" integer DEFAULT 5 NOT NULL,
	"auto_open_only_new_visitors" boolean DEFAULT true NOT NULL,
	"show_branding" boolean DEFAULT true NOT NULL,
	"enable_typing_indicator" boolean DEFAULT true NOT NULL,
	"enable_analytics" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "resource_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" uuid NOT NULL,
	"file_id" uuid,
	"email" text,
	"visitor_id" text,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"file_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_segments" (
	"resource_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	CONSTRAINT "resource_segments_resource_id_segment_id_pk" PRIMARY KEY("resource_id","segment_id")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"priority" integer DEFAULT 5 NOT NULL,
	"require_email" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_downloads" ADD CONSTRAINT "resource_downloads_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_files" ADD CONSTRAINT "resource_files_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_segments" ADD CONSTRAINT "resource_segments_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_segments" ADD CONSTRAINT "resource_segments_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_messages_created_idx" ON "email_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_messages_to_idx" ON "email_messages" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "resource_downloads_resource_idx" ON "resource_downloads" USING btree ("resource_id","downloaded_at");--> statement-breakpoint
CREATE INDEX "resource_files_resource_idx" ON "resource_files" USING btree ("resource_id","position");--> statement-breakpoint
CREATE INDEX "resource_segments_segment_idx" ON "resource_segments" USING btree ("segment_id");--> statement-breakpoint
INSERT INTO "widget_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
