ALTER TABLE "conversations" ADD COLUMN "message_count" integer GENERATED ALWAYS AS (jsonb_array_length(messages)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_message_count" integer GENERATED ALWAYS AS (jsonb_array_length(jsonb_path_query_array(messages, '$[*] ? (@.role == "user")'))) STORED NOT NULL;--> statement-breakpoint
DROP INDEX "conversations_started_idx";--> statement-breakpoint
CREATE INDEX "conversations_started_idx" ON "conversations" USING btree ("started_at","status","last_activity_at","lead_id","visitor_id","has_name","has_email","has_child_info","message_count","user_message_count");
--> statement-breakpoint
CREATE INDEX "conversations_search_trgm_idx" ON "conversations" USING gin (lower("visitor_id" || chr(10) || coalesce("context"->>'email', '') || chr(10) || coalesce("context"->>'parentName', '')) gin_trgm_ops);
