import {
  knowledgeSearchRequestSchema,
  MANUAL_CHUNK_CATEGORY,
  offsetPageOf,
  type ChunkCreate,
  type KnowledgeDocumentUpdate,
  type KnowledgeSearchRequest,
  type KnowledgeSearchResponse,
  type KnowledgeStats,
} from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../../db/errors';
import { BadInputError, NotFoundError } from '../../http/errors';
import type { AiProvider } from '../../providers/ai/ai-provider';
import type { ImageTextReader } from '../../providers/ocr/image-text';
import { StoredFileNotFoundError, type FileStorage } from '../../providers/storage/file-storage';
import { recordAuditEvent, type Actor } from '../audit/audit.service';
import type { JobQueue } from '../jobs';
import { countTokens } from './chunking';
import { isImageKind, mimeOfKind } from './document-text';
import { createExtractions } from './extractions';
import { createIngestion, EMBED_JOB, INGEST_JOB } from './ingestion';
import { createLexicalSearch, type Term, type TermMatch } from './knowledge-search';
import { wordNetTermOptions } from './related-words';
import { createKnowledgeVectors } from './knowledge-vectors';
import { toChunk, toDocument } from './knowledge.mapping';
import type { KnowledgeRepository } from './knowledge.repository';

export type { KnowledgeSearchResponse, KnowledgeSearchResult } from '@lantern/contracts';

/** How many vector neighbours hybrid search considers beside the lexical candidates. */
const VECTOR_CANDIDATES = 40;
const TRIGRAM_MAX_WORDS = 3;

/**
 * The knowledge base. `search` is THE search: the test-search call and the chatbot use it.
 *   const { results, search_mode } = await knowledge.search({ query, limit: 5, threshold: 0.7 });
 */
export function createKnowledgeService(deps: {
  repo: KnowledgeRepository;
  storage: FileStorage;
  jobs: JobQueue;
  ai: AiProvider;
  images: ImageTextReader;
  log: FastifyBaseLogger;
}) {
  const { repo, storage, jobs, ai, log } = deps;
  const wordnet = wordNetTermOptions();
  const { isEnglishWord } = wordnet;
  const lexical = createLexicalSearch(repo.db, wordnet);
  const vectors = createKnowledgeVectors({ db: repo.db, repo, ai, log });
  const changed = () => {
    lexical.invalidate();
    vectors.forget();
  };
  const queueEmbedding = async () => {
    if (ai.hasEmbeddings) await jobs.enqueue(EMBED_JOB, {}, { dedupeKey: 'all', maxAttempts: 5 });
  };
  const ingestion = createIngestion({
    repo,
    storage,
    jobs,
    images: deps.images,
    hasEmbeddings: ai.hasEmbeddings,
    log,
    onChange: changed,
  });
  const extractions = createExtractions({ repo, onChunks: async () => (changed(), queueEmbedding()) });

  jobs.register(INGEST_JOB, (payload, job) => ingestion.runIngestJob(payload, job));
  jobs.register(EMBED_JOB, async () => {
    await vectors.embedMissing();
  });

  async function getDocument(id: string) {
    const doc = await repo.findDocument(id);
    if (!doc) throw new NotFoundError('Document not found');
    return toDocument(doc);
  }

  async function getChunk(id: string) {
    const row = await repo.findChunk(id);
    if (!row) throw new NotFoundError('Chunk not found');
    return toChunk(row);
  }

  /**
   * Vector neighbours and lexical matches, each scored both ways and fused by noisy-OR
   * (1 - (1 - lexical)(1 - vector)): agreement lifts a chunk, either signal alone can carry it.
   * A chunk outside the K vector neighbours has a vector score of at most the K-th one's, so
   * only lexical matches that could still reach the threshold with it are read.
   */
  async function hybrid(query: string, words: Promise<Term[]>, limit: number, threshold: number) {
    let queryVector: number[] | undefined;
    try {
      [queryVector] = await ai.embed([query]);
    } catch (error) {
      // The provider is down or slow: the lexical answer is still a good answer.
      log.warn({ err: loggableError(error) }, 'query embedding failed; lexical search only');
      return null;
    }
    const near = await vectors.nearest(queryVector!, VECTOR_CANDIDATES);
    const kth = near.length === VECTOR_CANDIDATES ? Math.max(0, near.at(-1)!.similarity) : 0;
    const floor = Math.max(0.05, 1 - (1 - threshold) / (1 - Math.min(kth, 0.99)));
    const { listed: lexicalNear, others: lexicalFar } = await lexical.searchWith(await words, {
      ids: near.map((h) => h.id),
      limit: limit * 3,
      threshold: floor,
    });
    const vectorOf = new Map(near.map((h) => [h.id, Math.max(0, h.similarity)]));
    // The other lexical matches are outside the neighbours: their vector score is read for them.
    const farIds = lexicalFar.map((h) => h.id);
    for (const h of await vectors.similarityOf(queryVector!, farIds))
      vectorOf.set(h.id, Math.max(0, h.similarity));
    const lexicalOf = new Map([...lexicalNear, ...lexicalFar].map((h) => [h.id, h]));
    const ids = new Set([...lexicalOf.keys(), ...vectorOf.keys()]);
    return [...ids]
      .map((id) => ({
        id,
        similarity: 1 - (1 - (lexicalOf.get(id)?.similarity ?? 0)) * (1 - (vectorOf.get(id) ?? 0)),
        terms: lexicalOf.get(id)?.terms ?? ([] as TermMatch[]),
      }))
      .filter((h) => h.similarity >= threshold)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, limit);
  }

  return {
    ingestion,
    extractions,
    /** Whether a word is English (WordNet, with its function words): the chatbot tells a name from a subject by it. */
    isEnglishWord,

    listDocuments: async () => (await repo.listDocuments()).map(toDocument),
    getDocument,

    async updateDocument(id: string, input: KnowledgeDocumentUpdate) {
      await getDocument(id);
      await repo.updateDocument(id, {
        documentName: input.document_name,
        category: input.category,
        priority: input.priority,
      });
      // Chunks carry their document's category (search results and filters show it).
      if (input.category) await repo.setDocumentChunksCategory(id, input.category);
      changed();
      return getDocument(id);
    },

    /** Deletes a document, its chunks and its file, and records who did it in the audit log. */
    async deleteDocument(id: string, actor: Actor) {
      const document = await getDocument(id);
      const deleted = await repo.deleteDocument(id);
      if (!deleted) throw new NotFoundError('Document not found');
      if (deleted.storageKey) await storage.delete(deleted.storageKey).catch(() => undefined);
      changed();
      await recordAuditEvent(repo.db, {
        actorId: actor.userId,
        action: 'knowledge.document_deleted',
        details: {
          documentId: id,
          documentName: document.document_name,
          deletedChunks: deleted.deletedChunks,
        },
        ip: actor.ip,
      });
      return { deletedChunks: deleted.deletedChunks };
    },

    /**
     * The image a text extraction was read from, for the reviewer to compare: its stored file
     * (kept with its document) and type. Not found when the document or file is gone.
     */
    async extractionImage(id: string) {
      const extraction = await extractions.get(id);
      const doc = extraction.documentId ? await repo.findDocument(extraction.documentId) : undefined;
      if (!doc?.storageKey || !isImageKind(doc.fileType))
        throw new NotFoundError('The image of this extraction is no longer stored');
      try {
        const { body, size } = await storage.get(doc.storageKey);
        return { body, size, contentType: mimeOfKind(doc.fileType) };
      } catch (error) {
        if (error instanceof StoredFileNotFoundError)
          throw new NotFoundError('The image of this extraction is no longer stored');
        throw error;
      }
    },

    async stats(): Promise<KnowledgeStats> {
      const stats = await repo.stats();
      return { ...stats, search_mode: ai.hasEmbeddings ? 'hybrid' : 'lexical' };
    },

    /** The chatbot's search (and the test-search call): results over the threshold, best first. */
    async search(input: KnowledgeSearchRequest): Promise<KnowledgeSearchResponse> {
      const parsed = knowledgeSearchRequestSchema.safeParse(input);
      if (!parsed.success) throw new BadInputError(parsed.error.issues[0]?.message ?? 'Invalid search');
      const { query, limit, threshold } = parsed.data;
      let mode: KnowledgeSearchResponse['search_mode'] = 'lexical';
      // The question's words are weighed once (while the provider embeds it, in hybrid mode), for
      // the search and for the highlights.
      const words = lexical.prepare(query);
      words.catch(() => undefined); // awaited below; not an unhandled rejection if embedding fails first
      let hits = ai.hasEmbeddings ? await hybrid(query, words, limit, threshold) : null;
      if (hits) mode = 'hybrid';
      else {
        hits = (await lexical.searchWith(await words, { limit, threshold, ids: [] })).others;
        if (!hits.length && query.split(/\s+/).length <= TRIGRAM_MAX_WORDS)
          hits = await lexical.searchTrigram(query, { limit, threshold });
      }
      const ids = hits.map((h) => h.id);
      const [found, { highlights, termWords }] = await Promise.all([
        repo.findChunksByIds(ids),
        words.then(async (list) => {
          const marked = await lexical.highlights(list, ids);
          return { highlights: marked, termWords: await lexical.wordsOfTerms(list, marked) };
        }),
      ]);
      const rows = new Map(found.map((r) => [r.id, r]));
      const results = hits.flatMap((h) => {
        const row = rows.get(h.id);
        if (!row) return [];
        return [
          {
            document: row.documentName,
            document_id: row.documentId,
            category: row.category,
            similarity: Math.round(h.similarity * 1000) / 1000,
            text: row.chunkText,
            chunk_id: row.id,
            chunk_index: row.chunkIndex,
            terms: h.terms.map((t, i) => ({ ...t, words: termWords.get(h.id)?.[i] ?? [] })),
            highlights: highlights.words.get(h.id) ?? [],
          },
        ];
      });
      return { results, search_mode: mode };
    },

    async listChunks(filter: { search?: string; document_id?: string; limit: number; offset: number }) {
      const { rows, total } = await repo.listChunks({
        search: filter.search || undefined,
        documentId: filter.document_id,
        limit: filter.limit,
        offset: filter.offset,
      });
      return { chunks: rows.map(toChunk), ...offsetPageOf(filter, rows.length, total) };
    },
    getChunk,

    async createChunk(input: ChunkCreate) {
      const text = input.chunk_text.trim();
      let category = input.category?.trim() || MANUAL_CHUNK_CATEGORY;
      let chunkIndex = 0;
      const documentId = input.knowledge_base_id ?? null;
      if (documentId) {
        const doc = await repo.findDocument(documentId);
        if (!doc) throw new NotFoundError('Document not found');
        category = doc.category;
        chunkIndex = await repo.nextChunkIndex(documentId);
      }
      const [row] = await repo.insertChunks([
        {
          documentId,
          chunkIndex,
          heading: '',
          chunkText: text,
          tokenCount: countTokens(text),
          extractionMethod: 'manual',
          category,
          embedding: null,
          embeddingModel: null,
        },
      ]);
      changed();
      await queueEmbedding();
      return getChunk(row!.id);
    },

    async updateChunk(id: string, chunkText: string) {
      const text = chunkText.trim();
      const row = await repo.updateChunk(id, {
        chunkText: text,
        tokenCount: countTokens(text),
        embedding: null,
        embeddingModel: null,
      });
      if (!row) throw new NotFoundError('Chunk not found');
      changed();
      await queueEmbedding();
      return getChunk(id);
    },

    /** Deletes one chunk and records who did it in the audit log. */
    async deleteChunk(id: string, actor: Actor) {
      const chunk = await getChunk(id);
      const row = await repo.deleteChunk(id);
      if (!row) throw new NotFoundError('Chunk not found');
      changed();
      await recordAuditEvent(repo.db, {
        actorId: actor.userId,
        action: 'knowledge.chunk_deleted',
        details: { chunkId: id, documentId: chunk.knowledge_base_id },
        ip: actor.ip,
      });
    },

    /** Runs the embedding job's work now (tests and benchmarks). */
    embedMissing: () => vectors.embedMissing(),
  };
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
