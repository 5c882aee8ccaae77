import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { QuestionAnswer } from '@lantern/contracts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An uploaded document: its file is kept in file storage (storage_key) until ingestion is done;
 * status processing -> chunked | failed (failure_reason says why). Q&A pairs found in the text
 * are stored with it.
 */
export const knowledgeDocuments = pgTable(
  'knowledge_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentName: text('document_name').notNull(),
    category: text('category').notNull().default('general'),
    priority: integer('priority').notNull().default(0),
    status: text('status').$type<'processing' | 'chunked' | 'failed'>().notNull().default('processing'),
    failureReason: text('failure_reason'),
    fileType: text('file_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key'),
    questionAnswers: jsonb('question_answers').$type<QuestionAnswer[]>().notNull().default([]),
    uploadedBy: uuid('uploaded_by'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('knowledge_documents_uploaded_idx').on(t.uploadedAt)],
);

/**
 * The searchable pieces. search_vector weighs the section heading (A) over the text (B), English
 * stemming. `embedding` (real[]) holds the provider's vector; where pgvector exists, the migration
 * adds `embedding_vector` (see 0005's hand-written part) for the HNSW index.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id').references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull().default(0),
    heading: text('heading').notNull().default(''),
    chunkText: text('chunk_text').notNull(),
    tokenCount: integer('token_count').notNull(),
    extractionMethod: text('extraction_method').notNull(),
    category: text('category').notNull(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, heading), 'A') || setweight(to_tsvector('english'::regconfig, chunk_text), 'B')`,
      ),
    embedding: real('embedding').array(),
    embeddingModel: text('embedding_model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_chunks_document_idx').on(t.documentId, t.chunkIndex),
    index('knowledge_chunks_search_idx').using('gin', t.searchVector),
    index('knowledge_chunks_text_trgm_idx').using('gin', t.chunkText.op('gin_trgm_ops')),
  ],
);

/** Text read from an image (OCR or a vision model), reviewed before it becomes chunks. */
export const textExtractions = pgTable(
  'knowledge_text_extractions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id').references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
    originalFilename: text('original_filename').notNull(),
    fileType: text('file_type').notNull(),
    extractionMethod: text('extraction_method').notNull(),
    extractedText: text('extracted_text').notNull(),
    reviewedText: text('reviewed_text'),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    confidenceScore: real('confidence_score').notNull(),
    extractedAt: timestamp('extracted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
  },
  (t) => [index('knowledge_text_extractions_status_idx').on(t.status, t.extractedAt)],
);

/**
 * How many chunks hold each word stem (document frequency), kept by statement-level triggers on
 * knowledge_chunks (migration 0007, written by hand): search weighs a question's words by rarity
 * without counting matches at query time.
 */
export const knowledgeTerms = pgTable('knowledge_terms', {
  lexeme: text('lexeme').primaryKey(),
  df: integer('df').notNull().default(0),
});

export type KnowledgeDocumentRow = typeof knowledgeDocuments.$inferSelect;
export type KnowledgeChunkRow = typeof knowledgeChunks.$inferSelect;
export type TextExtractionRow = typeof textExtractions.$inferSelect;
