import { z } from 'zod';
import { offsetQueryShape } from './common';

/**
 * Knowledge base: documents split into chunks the chatbot answers from, text extracted from images
 * (reviewed before it is used), and the search the chatbot uses (spec document 2: 2.1, 3, 4, 5, 7, 8, 9).
 */

export const KNOWLEDGE_CATEGORIES = [
  'general',
  'admissions',
  'programs',
  'tuition',
  'special-needs',
  'policies',
] as const;
export type KnowledgeCategory = (typeof KNOWLEDGE_CATEGORIES)[number];
/** The category of a chunk added by hand without a document (spec 3: "category 'manual'"). */
export const MANUAL_CHUNK_CATEGORY = 'manual';

export const KNOWLEDGE_MAX_FILE_BYTES = 10_485_760;
export const KNOWLEDGE_FILE_EXTENSIONS = [
  '.pdf',
  '.docx',
  '.txt',
  '.md',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
] as const;
export const KNOWLEDGE_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp'] as const;
export const KNOWLEDGE_FILE_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/markdown',
  'text/x-markdown',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;
/** The `accept` attribute of the file input. */
export const KNOWLEDGE_FILE_ACCEPT = [...KNOWLEDGE_FILE_EXTENSIONS, ...KNOWLEDGE_FILE_MIME_TYPES].join(',');

export const KNOWLEDGE_PRIORITY_MIN = 0;
export const KNOWLEDGE_PRIORITY_MAX = 10;
export const KNOWLEDGE_DEFAULT_PRIORITY = 0;
export const KNOWLEDGE_CHUNK_TARGET_TOKENS = 600;
/** Average chunk size hint: under 300 tokens small, over 700 large, otherwise optimal. */
export const KNOWLEDGE_CHUNK_SMALL_TOKENS = 300;
export const KNOWLEDGE_CHUNK_LARGE_TOKENS = 700;

export const SEARCH_THRESHOLD_MIN = 0.5;
export const SEARCH_THRESHOLD_MAX = 1;
export const SEARCH_THRESHOLD_STEP = 0.05;
export const SEARCH_THRESHOLD_DEFAULT = 0.7;
export const SEARCH_LIMIT_DEFAULT = 3;
export const SEARCH_LIMIT_MAX = 20;
/** How many results the Test Knowledge Search panel asks for. */
export const SEARCH_SCREEN_LIMIT = 5;
export const SEARCH_QUERY_MAX = 500;

export const EXTRACTION_LIST_LIMIT = 50;
export const EXTRACTION_PREVIEW_CHARS = 100;
export const CHUNK_PAGE_SIZE = 50;
export const CHUNK_TEXT_MAX = 20_000;
export const UPLOAD_TOAST_MS = 5000;
export const DELETE_TOAST_MS = 4000;

/** The spec's words (document 2, sections 5 and 8), letter for letter. */
export const KNOWLEDGE_MESSAGES = {
  fileType: 'Please upload a PDF, DOCX, TXT, MD, or image file (PNG, JPG, GIF, WebP)',
  fileSize: 'File size must be less than 10MB',
  noFile: 'Please select a file to upload',
  emptyQuery: 'Please enter a search query',
  emptyChunk: 'Please enter some text for the new chunk',
  deleteChunkConfirm: 'Are you sure you want to delete this chunk? This action cannot be undone.',
  noResults: 'No relevant documents found. Try adjusting the similarity threshold.',
  fetchFailed: 'Failed to fetch knowledge items',
  uploadFailed: 'Failed to upload document',
  deleteFailed: 'Failed to delete knowledge item',
  searchFailed: 'Search test failed',
  statsFailed: 'Failed to fetch statistics',
  loadExtractionsFailed: 'Failed to load text extractions',
  extractionApproved: 'Text extraction approved successfully',
  extractionRejected: 'Text extraction rejected successfully',
  approveFailed: 'Failed to approve text extraction',
  rejectFailed: 'Failed to reject text extraction',
  loadChunksFailed: 'Failed to load knowledge chunks',
  loadChunkFailed: 'Failed to load chunk details',
  chunkDeleted: 'Chunk deleted successfully!',
  chunkDeleteFailed: 'Failed to delete chunk',
  chunkUpdated: 'Chunk updated successfully!',
  chunkUpdateFailed: 'Failed to update chunk',
  chunkCreated: 'Knowledge chunk created successfully!',
  chunkCreateFailed: 'Failed to create chunk',
  loadDocumentsFailed: 'Failed to load documents',
  noChunks: 'No chunks found',
  noChunksHint: 'Try adjusting your search or filters',
  selectChunk: 'Select a chunk to view details',
  searchPlaceholder: 'Search in chunk content...',
  allDocuments: 'All Documents',
  addChunkTitle: 'Add New Knowledge Chunk',
  chunkDetails: 'Chunk Details',
  priority: 'Priority must be a whole number from 0 to 10',
  category: 'Please choose a knowledge category',
} as const;

export const uploadSuccessMessage = (chunks: number, qas: number) =>
  `Document uploaded successfully! Created ${chunks} chunks with ${qas} Q&A pairs`;
export const deleteSuccessMessage = (chunks: number) =>
  `Document deleted successfully! Removed ${chunks} chunks from knowledge base`;
export const searchFoundMessage = (count: number) => `Found ${count} relevant chunk(s)`;
export const chunkCountMessage = (shown: number, total: number) => `Showing ${shown} of ${total} chunks`;

const extensionOf = (filename: string) => {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot).toLowerCase();
};

/** The browser's check (spec 5: "checked by type or extension"); the server also sniffs the content. */
export function isAcceptedKnowledgeFile(filename: string, mimeType?: string): boolean {
  const ext = extensionOf(filename);
  if ((KNOWLEDGE_FILE_EXTENSIONS as readonly string[]).includes(ext)) return true;
  return !!mimeType && (KNOWLEDGE_FILE_MIME_TYPES as readonly string[]).includes(mimeType);
}

/** The upload's first problem in the browser, or null (no file, type, size: spec 5). */
export function knowledgeUploadError(
  file: { name: string; size: number; type?: string } | null,
): string | null {
  if (!file) return KNOWLEDGE_MESSAGES.noFile;
  if (!isAcceptedKnowledgeFile(file.name, file.type)) return KNOWLEDGE_MESSAGES.fileType;
  if (file.size > KNOWLEDGE_MAX_FILE_BYTES) return KNOWLEDGE_MESSAGES.fileSize;
  return null;
}

export type ChunkSizeHint = 'small' | 'optimal' | 'large';
export function chunkSizeHint(averageTokens: number): ChunkSizeHint {
  if (averageTokens < KNOWLEDGE_CHUNK_SMALL_TOKENS) return 'small';
  if (averageTokens > KNOWLEDGE_CHUNK_LARGE_TOKENS) return 'large';
  return 'optimal';
}

/** Search match colour: 90% and above green, 80% blue, 70% yellow, else grey. */
export function searchMatchColor(similarity: number): 'green' | 'blue' | 'yellow' | 'gray' {
  if (similarity >= 0.9) return 'green';
  if (similarity >= 0.8) return 'blue';
  if (similarity >= 0.7) return 'yellow';
  return 'gray';
}

/** Extraction confidence colour: 0.8 and above green, 0.6 and above yellow, else red. */
export function confidenceColor(confidence: number): 'green' | 'yellow' | 'red' {
  if (confidence >= 0.8) return 'green';
  if (confidence >= 0.6) return 'yellow';
  return 'red';
}

export const extractionPreview = (text: string) => text.slice(0, EXTRACTION_PREVIEW_CHARS);

// ---- documents ----

export const DOCUMENT_STATUSES = ['processing', 'chunked', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The document's kind, from its sniffed content: pdf, docx, txt, md, png, jpg, gif, webp. */
export const KNOWLEDGE_FILE_TYPES = ['pdf', 'docx', 'txt', 'md', 'png', 'jpg', 'gif', 'webp'] as const;
export type KnowledgeFileType = (typeof KNOWLEDGE_FILE_TYPES)[number];

export const questionAnswerSchema = z.object({ question: z.string(), answer: z.string() });
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

export const knowledgeDocumentSchema = z.object({
  id: z.string(),
  document_name: z.string(),
  category: z.string(),
  priority: z.number().int(),
  uploaded_at: z.string(),
  is_chunked: z.boolean(),
  total_chunks: z.number().int(),
  question_answers: z.array(questionAnswerSchema),
  status: z.enum(DOCUMENT_STATUSES),
  /** Why the document failed (status 'failed'), in words staff can act on; else null. */
  failure_reason: z.string().nullable(),
  file_type: z.string(),
  file_size: z.number().int(),
  /** Images: the text extractions waiting for review (their text becomes chunks when approved). */
  pending_extractions: z.number().int(),
});
export type KnowledgeDocument = z.infer<typeof knowledgeDocumentSchema>;

/** GET /api/knowledge: newest first. */
export const knowledgeDocumentListSchema = z.object({ documents: z.array(knowledgeDocumentSchema) });

const priorityField = z.coerce
  .number({ error: KNOWLEDGE_MESSAGES.priority })
  .int(KNOWLEDGE_MESSAGES.priority)
  .min(KNOWLEDGE_PRIORITY_MIN, KNOWLEDGE_MESSAGES.priority)
  .max(KNOWLEDGE_PRIORITY_MAX, KNOWLEDGE_MESSAGES.priority);
const categoryField = z.enum(KNOWLEDGE_CATEGORIES, { error: KNOWLEDGE_MESSAGES.category });

/** The text fields of POST /api/knowledge/upload (multipart; the file is the part named `document`). */
export const knowledgeUploadFieldsSchema = z.object({
  category: categoryField.default('general'),
  priority: priorityField.default(KNOWLEDGE_DEFAULT_PRIORITY),
});

/**
 * POST /api/knowledge/upload answer. Ingestion runs as a background job; for a file up to 2 MB the
 * server waits up to 5 s for it, so small files answer 201 with status 'chunked' and real counts.
 * A larger or slower file answers 202 with status 'processing' (counts 0): poll GET /api/knowledge.
 * Images answer 'chunked' with 0 chunks and `textExtractions` 1: their text waits for review.
 * A file that fails to parse within the wait answers 422 `{ error: reason }` and stays listed as failed.
 */
export const knowledgeUploadResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(DOCUMENT_STATUSES),
  totalChunks: z.number().int(),
  extractedQAs: z.number().int(),
  textExtractions: z.number().int(),
  document: knowledgeDocumentSchema,
});
export type KnowledgeUploadResponse = z.infer<typeof knowledgeUploadResponseSchema>;

/** PUT /api/knowledge/{id} */
export const knowledgeDocumentUpdateSchema = z.strictObject({
  document_name: z.string().trim().min(1, 'Document name is required').max(255).optional(),
  category: categoryField.optional(),
  priority: priorityField.optional(),
});
export type KnowledgeDocumentUpdate = z.infer<typeof knowledgeDocumentUpdateSchema>;
export const knowledgeDocumentResponseSchema = z.object({ document: knowledgeDocumentSchema });

/** DELETE /api/knowledge/{id} */
export const knowledgeDeleteResponseSchema = z.object({
  success: z.literal(true),
  deletedChunks: z.number().int(),
});

// ---- search ----

export const SEARCH_MODES = ['lexical', 'hybrid'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

/** POST /api/knowledge/test-search: the same search the chatbot uses. */
export const knowledgeSearchRequestSchema = z.strictObject({
  query: z
    .string({ error: KNOWLEDGE_MESSAGES.emptyQuery })
    .trim()
    .min(1, KNOWLEDGE_MESSAGES.emptyQuery)
    .max(SEARCH_QUERY_MAX, `The search query must be at most ${SEARCH_QUERY_MAX} characters`),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
  threshold: z.coerce
    .number()
    .min(SEARCH_THRESHOLD_MIN, 'The similarity threshold must be from 0.5 to 1')
    .max(SEARCH_THRESHOLD_MAX, 'The similarity threshold must be from 0.5 to 1')
    .default(SEARCH_THRESHOLD_DEFAULT),
});
export type KnowledgeSearchRequest = z.input<typeof knowledgeSearchRequestSchema>;

export const knowledgeSearchResultSchema = z.object({
  /** The document's name; null for a manual chunk attached to no document. */
  document: z.string().nullable(),
  document_id: z.string().nullable(),
  category: z.string(),
  /** 0..1, best first; results under the threshold are left out. */
  similarity: z.number(),
  text: z.string(),
  chunk_id: z.string(),
  chunk_index: z.number().int(),
  /**
   * Why the chunk was found: each subject word of the question, its share of the question's weight
   * (rare words weigh more), and how the chunk matched it (null: not at all). `via` names the
   * expansion that bridged the wording ('synonym' from the school thesaurus, 'related' from
   * WordNet, 'prefix' for a longer word such as math -> mathematics, 'spelling' for the knowledge
   * base's word one letter from a misspelt one: scool -> school, 'range' for a number inside a
   * range: 8 in 'Years 7 to 11').
   */
  terms: z.array(
    z.object({
      term: z.string(),
      weight: z.number(),
      via: z.enum(['exact', 'synonym', 'related', 'prefix', 'spelling', 'range']).nullable(),
      /** Whether the knowledge base uses the word itself anywhere (else only other wordings can match). */
      known: z.boolean(),
      /**
       * Whether the word names a thing (a noun, a name, a number: 'tuition', 'ABA') rather than an
       * action or a quality ('instead', 'send'): a passage must hold the things a question names.
       */
      names: z.boolean(),
      /**
       * The words of `text` that matched this word, as written there ('Classes' for 'class',
       * 'charges' for 'fees' through WordNet): what bridged the wording. Empty when none did (or
       * the match was a number inside a range).
       */
      words: z.array(z.string()),
    }),
  ),
  /** The words of `text` that matched, as written there (for highlighting). */
  highlights: z.array(z.string()),
});
export type KnowledgeSearchResult = z.infer<typeof knowledgeSearchResultSchema>;

export const knowledgeSearchResponseSchema = z.object({
  results: z.array(knowledgeSearchResultSchema),
  /** lexical: full-text + trigram; hybrid: embeddings + lexical (an AI embeddings provider is configured). */
  search_mode: z.enum(SEARCH_MODES),
});
export type KnowledgeSearchResponse = z.infer<typeof knowledgeSearchResponseSchema>;

/** GET /api/knowledge/stats */
export const knowledgeStatsSchema = z.object({
  totalChunks: z.number().int(),
  chunksWithEmbeddings: z.number().int(),
  /** How many distinct categories the chunks are in. */
  categories: z.number().int(),
  /** Mean tokens per chunk, rounded. */
  averageChunkSize: z.number().int(),
  totalDocuments: z.number().int(),
  search_mode: z.enum(SEARCH_MODES),
});
export type KnowledgeStats = z.infer<typeof knowledgeStatsSchema>;

// ---- text extractions ----

export const EXTRACTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ExtractionStatus = (typeof EXTRACTION_STATUSES)[number];
/** How a chunk's text was obtained; 'vision' and 'manual' are shown in their own colours. */
export const EXTRACTION_METHODS = ['pdf', 'docx', 'text', 'markdown', 'ocr', 'vision', 'manual'] as const;
export type ExtractionMethod = (typeof EXTRACTION_METHODS)[number];

export const textExtractionSchema = z.object({
  id: z.string(),
  document_id: z.string().nullable(),
  original_filename: z.string(),
  file_type: z.string(),
  extraction_method: z.string(),
  extracted_text: z.string(),
  reviewed_text: z.string().nullable(),
  status: z.enum(EXTRACTION_STATUSES),
  confidence_score: z.number(),
  extracted_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type TextExtraction = z.infer<typeof textExtractionSchema>;

export const extractionListQuerySchema = z.strictObject({
  status: z.enum(EXTRACTION_STATUSES).optional(),
  ...offsetQueryShape({ size: EXTRACTION_LIST_LIMIT, max: 200 }),
});
export const extractionListSchema = z.object({
  extractions: z.array(textExtractionSchema),
  total: z.number().int(),
});

export const extractionStatsSchema = z.object({
  total: z.number().int(),
  byStatus: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
  /** Mean confidence 0..1 over all extractions (0 when there are none). */
  averageConfidence: z.number(),
});
export type ExtractionStats = z.infer<typeof extractionStatsSchema>;

/** PUT /api/knowledge/extractions/{id}: approve (the reviewed text becomes chunks) or reject. */
export const extractionReviewSchema = z.strictObject({
  reviewed_text: z.string().max(200_000).optional(),
  status: z.enum(['approved', 'rejected']),
});
export type ExtractionReview = z.infer<typeof extractionReviewSchema>;
export const extractionReviewResponseSchema = z.object({
  extraction: textExtractionSchema,
  /** Chunks made from the approved text (0 when rejected). */
  createdChunks: z.number().int(),
});

// ---- chunks ----

export const knowledgeChunkSchema = z.object({
  id: z.string(),
  /** Null for a manual chunk attached to no document. */
  knowledge_base_id: z.string().nullable(),
  document_name: z.string().nullable(),
  category: z.string(),
  chunk_index: z.number().int(),
  chunk_text: z.string(),
  token_count: z.number().int(),
  extraction_method: z.string(),
  has_embedding: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KnowledgeChunk = z.infer<typeof knowledgeChunkSchema>;

export const chunkListQuerySchema = z.strictObject({
  search: z.string().trim().max(SEARCH_QUERY_MAX).optional(),
  document_id: z.string().uuid('document_id: must be a document id').optional(),
  ...offsetQueryShape({ size: CHUNK_PAGE_SIZE, max: 200 }),
});
export type ChunkListQuery = z.input<typeof chunkListQuerySchema>;
/** GET /api/knowledge/chunks: document order (document newest first, then chunk_index). */
export const chunkListSchema = z.object({
  chunks: z.array(knowledgeChunkSchema),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type ChunkList = z.infer<typeof chunkListSchema>;

export const chunkResponseSchema = z.object({ chunk: knowledgeChunkSchema });

const chunkText = z
  .string({ error: KNOWLEDGE_MESSAGES.emptyChunk })
  .trim()
  .min(1, KNOWLEDGE_MESSAGES.emptyChunk)
  .max(CHUNK_TEXT_MAX, `A chunk must be at most ${CHUNK_TEXT_MAX} characters`);

/** POST /api/knowledge/chunks: attached to knowledge_base_id when given (then the document's category). */
export const chunkCreateSchema = z.strictObject({
  chunk_text: chunkText,
  knowledge_base_id: z.string().uuid('knowledge_base_id: must be a document id').nullish(),
  category: z.string().trim().max(40).optional(),
});
export type ChunkCreate = z.input<typeof chunkCreateSchema>;

/** PUT /api/knowledge/chunks/{id} */
export const chunkUpdateSchema = z.strictObject({ chunk_text: chunkText });
export type ChunkUpdate = z.infer<typeof chunkUpdateSchema>;
