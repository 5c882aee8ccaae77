import { buffer as readAll } from 'node:stream/consumers';
import { KNOWLEDGE_MESSAGES, type KnowledgeCategory, type KnowledgeFileType } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors';
import { cleanFilename } from '../../security/upload-filename';
import type { FileStorage } from '../../providers/storage/file-storage';
import type { ImageTextReader } from '../../providers/ocr/image-text';
import type { JobQueue } from '../jobs';
import { chunkBlocks } from './chunking';
import {
  detectKnowledgeFile,
  DocumentProblem,
  extractDocumentText,
  isImageKind,
  mimeOfKind,
} from './document-text';
import type { KnowledgeRepository } from './knowledge.repository';
import { textExtractions } from './knowledge.tables';
import { extractQuestionAnswers } from './question-answers';

/**
 * Upload and ingestion. The upload checks the file (size, real type) and stores it with a
 * 'processing' document, then queues the durable ingestion job: a restart loses nothing. The job
 * reads the text, chunks it and stores chunks and Q&A pairs in one transaction (a failure leaves
 * no half document: the document is marked failed with the reason). Images become a pending text
 * extraction instead of chunks.
 */
export const INGEST_JOB = 'knowledge.ingest';
export const EMBED_JOB = 'knowledge.embed';

/** A file's problem that retrying cannot fix: the document fails at once with this reason. */
const reasonOf = (error: unknown): string | null => (error instanceof DocumentProblem ? error.message : null);

export function createIngestion(deps: {
  repo: KnowledgeRepository;
  storage: FileStorage;
  jobs: JobQueue;
  images: ImageTextReader;
  hasEmbeddings: boolean;
  log: FastifyBaseLogger;
  onChange: () => void;
}) {
  const { repo, storage, jobs, images, log } = deps;
  const db = repo.db;

  async function accept(file: {
    filename: string;
    content: Buffer;
    category: KnowledgeCategory;
    priority: number;
    uploadedBy: string | null;
  }) {
    const filename = cleanFilename(file.filename);
    const kind = await detectKnowledgeFile(filename, file.content);
    const doc = await repo.insertDocument({
      documentName: filename,
      category: file.category,
      priority: file.priority,
      fileType: kind,
      fileSize: file.content.length,
      uploadedBy: file.uploadedBy,
      status: 'processing',
    });
    const storageKey = `knowledge/${doc.id}`;
    await storage.put(storageKey, file.content, { contentType: mimeOfKind(kind), size: file.content.length });
    await repo.updateDocument(doc.id, { storageKey });
    await jobs.enqueue(INGEST_JOB, { documentId: doc.id }, { maxAttempts: 3 });
    return doc.id;
  }

  async function fail(documentId: string, reason: string) {
    await repo.updateDocument(documentId, {
      status: 'failed',
      failureReason: reason,
      processedAt: new Date(),
    });
  }

  async function ingestDocument(
    documentId: string,
    kind: KnowledgeFileType,
    content: Buffer,
    category: string,
  ) {
    const { blocks, method } = await extractDocumentText(kind, content);
    const chunks = chunkBlocks(blocks);
    const questionAnswers = extractQuestionAnswers(blocks);
    await db.transaction(async (tx) => {
      await repo.insertChunks(
        chunks.map((c) => ({
          documentId,
          chunkIndex: c.index,
          heading: c.heading,
          chunkText: c.text,
          tokenCount: c.tokenCount,
          extractionMethod: method,
          category,
          embedding: null,
          embeddingModel: null,
        })),
        tx,
      );
      await repo.updateDocument(
        documentId,
        { status: 'chunked', failureReason: null, questionAnswers, processedAt: new Date() },
        tx,
      );
    });
  }

  async function ingestImage(documentId: string, filename: string, kind: KnowledgeFileType, content: Buffer) {
    let read;
    try {
      read = await images.read(content, mimeOfKind(kind));
    } catch (error) {
      log.warn({ documentId, err: (error as Error).message }, 'image text extraction failed');
      throw new DocumentProblem('The text in this image could not be read (the image may be damaged)');
    }
    if (read.text.replace(/[^A-Za-z0-9]/g, '').length < 2)
      throw new DocumentProblem('No text was found in this image');
    await db.transaction(async (tx) => {
      await tx.insert(textExtractions).values({
        documentId,
        originalFilename: filename,
        fileType: kind,
        extractionMethod: read.method,
        extractedText: read.text,
        confidenceScore: read.confidence,
      });
      await repo.updateDocument(
        documentId,
        { status: 'chunked', failureReason: null, processedAt: new Date() },
        tx,
      );
    });
  }

  /** The ingestion job: never throws for a bad file (the document fails with its reason). */
  async function runIngestJob(
    payload: Record<string, unknown>,
    job: { attempts: number; maxAttempts: number },
  ) {
    const documentId = String(payload.documentId ?? '');
    const doc = await repo.findDocument(documentId);
    if (!doc || doc.status !== 'processing' || !doc.storageKey) return; // deleted meanwhile, or done
    try {
      const { body } = await storage.get(doc.storageKey);
      const content = await readAll(body);
      const kind = doc.fileType as KnowledgeFileType;
      if (isImageKind(kind)) await ingestImage(doc.id, doc.documentName, kind, content);
      else await ingestDocument(doc.id, kind, content, doc.category);
      deps.onChange();
      if (deps.hasEmbeddings) await jobs.enqueue(EMBED_JOB, {}, { dedupeKey: 'all', maxAttempts: 5 });
    } catch (error) {
      const reason = reasonOf(error);
      if (reason) return fail(doc.id, reason);
      // An unexpected fault (storage, database): retried by the queue; the last try fails the document.
      if (job.attempts >= job.maxAttempts)
        await fail(doc.id, 'The document could not be processed; please try uploading it again');
      throw error;
    }
  }

  /** Waits up to `ms` for the document to leave 'processing' (small files answer with real counts). */
  async function settle(documentId: string, ms: number) {
    const until = Date.now() + ms;
    for (;;) {
      const doc = await repo.findDocument(documentId);
      if (!doc || doc.status !== 'processing' || Date.now() >= until) return doc;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return { accept, runIngestJob, settle };
}

export type Ingestion = ReturnType<typeof createIngestion>;

export const fileTooLarge = () => new AppError(413, KNOWLEDGE_MESSAGES.fileSize);
