-- Sending campaigns (issue 23): the schedule's time zone, the provider's id, the delivery's state
-- and counters (kept on the campaign row, updated with each recipient's change, so the screen's
-- 2-second poll reads one row at any audience size), and the recipients fixed when a send starts
-- (lead_id has no foreign key: a lead deleted during a send is skipped, and the record stays).
ALTER TABLE "campaigns" ADD COLUMN "scheduled_time_zone" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "provider_campaign_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "delivery_provider" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recipients_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recipients_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recipients_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recipients_skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_delivery_status_check" CHECK ("campaigns"."delivery_status" is null or "campaigns"."delivery_status" in ('preparing', 'sending', 'paused', 'completed'));--> statement-breakpoint
CREATE INDEX "campaigns_delivery_idx" ON "campaigns" USING btree ("delivery_status") WHERE "campaigns"."delivery_status" in ('preparing', 'sending');--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_lead_unique" UNIQUE("campaign_id","lead_id"),
	CONSTRAINT "campaign_recipients_email_unique" UNIQUE("campaign_id","email"),
	CONSTRAINT "campaign_recipients_status_check" CHECK ("campaign_recipients"."status" in ('pending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_claim_idx" ON "campaign_recipients" USING btree ("campaign_id","next_attempt_at","id") WHERE "campaign_recipients"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "campaign_recipients_lead_idx" ON "campaign_recipients" USING btree ("lead_id");
