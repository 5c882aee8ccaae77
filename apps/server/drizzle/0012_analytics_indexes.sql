DROP INDEX "conversations_started_idx";--> statement-breakpoint
CREATE INDEX "conversations_messages_trgm_idx" ON "conversations" USING gin (lower("messages"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "conversations_started_idx" ON "conversations" USING btree ("started_at","status","last_activity_at","lead_id","visitor_id","has_name","has_email","has_child_info");