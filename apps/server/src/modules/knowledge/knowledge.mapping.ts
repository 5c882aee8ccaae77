import type { KnowledgeChunk, KnowledgeDocument, TextExtraction } from '@lantern/contracts';
import type { ChunkWithDocument, DocumentWithCounts } from './knowledge.repository';
import type { TextExtractionRow } from './knowledge.tables';

export function toDocument(row: DocumentWithCounts): KnowledgeDocument {
  return {
    id: row.id,
    document_name: row.documentName,
    category: row.category,
    priority: row.priority,
    uploaded_at: row.uploadedAt.toISOString(),
    is_chunked: row.status === 'chunked',
    total_chunks: row.totalChunks,
    question_answers: row.questionAnswers,
    status: row.status,
    failure_reason: row.failureReason,
    file_type: row.fileType,
    file_size: row.fileSize,
    pending_extractions: row.pendingExtractions,
  };
}

export function toChunk(row: ChunkWithDocument): KnowledgeChunk {
  return {
    id: row.id,
    knowledge_base_id: row.documentId,
    document_name: row.documentName,
    category: row.category,
    chunk_index: row.chunkIndex,
    chunk_text: row.chunkText,
    token_count: row.tokenCount,
    extraction_method: row.extractionMethod,
    has_embedding: row.hasEmbedding,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toExtraction(row: TextExtractionRow): TextExtraction {
  return {
    id: row.id,
    document_id: row.documentId,
    original_filename: row.originalFilename,
    file_type: row.fileType,
    extraction_method: row.extractionMethod,
    extracted_text: row.extractedText,
    reviewed_text: row.reviewedText,
    status: row.status,
    confidence_score: Math.round(row.confidenceScore * 1000) / 1000,
    extracted_at: row.extractedAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}
