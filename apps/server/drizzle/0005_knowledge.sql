CREATE TABLE "knowledge_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid,
	"chunk_index" integer DEFAULT 0 NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"chunk_text" text NOT NULL,
	"token_count" integer NOT NULL,
	"extraction_method" text NOT NULL,
	"category" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, heading), 'A') || setweight(to_tsvector('english'::regconfig, chunk_text), 'B')) STORED NOT NULL,
	"embedding" real[],
	"embedding_model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_name" text NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"file_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_key" text,
	"question_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "knowledge_text_extractions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid,
	"original_filename" text NOT NULL,
	"file_type" text NOT NULL,
	"extraction_method" text NOT NULL,
	"extracted_text" text NOT NULL,
	"reviewed_text" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"confidence_score" real NOT NULL,
	"extracted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_document_id_knowledge_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."knowledge_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_text_extractions" ADD CONSTRAINT "knowledge_text_extractions_document_id_knowledge_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."knowledge_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_document_idx" ON "knowledge_chunks" USING btree ("document_id","chunk_index");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_search_idx" ON "knowledge_chunks" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_text_trgm_idx" ON "knowledge_chunks" USING gin ("chunk_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "knowledge_documents_uploaded_idx" ON "knowledge_documents" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "knowledge_text_extractions_status_idx" ON "knowledge_text_extractions" USING btree ("status","extracted_at");--> statement-breakpoint
-- Written by hand: pgvector where the server has it (PGlite loads it; Debian's PostgreSQL 15 does not).
-- The column takes any length; the HNSW index is made at start for the configured model's length.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
    ALTER TABLE "knowledge_chunks" ADD COLUMN IF NOT EXISTS "embedding_vector" vector;
  END IF;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pgvector unavailable (%): knowledge embeddings are ranked without it', SQLERRM;
END $$;
