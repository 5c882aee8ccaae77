-- Download links become opaque: a random token whose SHA-256 is kept here with the resource, whom
-- it was issued to (lead_id only for links the server issued: enrolment, chat, email) and by what.
-- Signed links issued before this migration (they carried the parent's email) are no longer accepted.
CREATE TABLE "resource_download_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"resource_id" uuid,
	"lead_id" uuid,
	"email" text,
	"visitor_id" text,
	"issued_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_download_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "resource_download_links_issued_by_check" CHECK ("resource_download_links"."issued_by" in ('enrolment', 'chat', 'email', 'public'))
);
--> statement-breakpoint
ALTER TABLE "resource_download_links" ADD CONSTRAINT "resource_download_links_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_download_links" ADD CONSTRAINT "resource_download_links_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_download_links_resource_idx" ON "resource_download_links" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "resource_download_links_lead_idx" ON "resource_download_links" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "resource_download_links_expires_idx" ON "resource_download_links" USING btree ("expires_at");