-- Approval links (issue 23, first slice): the version and content a link is about, its expiry,
-- who asked for it, and when the reviewer decided. The token itself is kept only as its SHA-256
-- (approval_token_hash, 0016).
ALTER TABLE "campaigns" ADD COLUMN "approval_version_number" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_content_hash" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_notify_email" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_approval_requested_by_admin_users_id_fk" FOREIGN KEY ("approval_requested_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;
