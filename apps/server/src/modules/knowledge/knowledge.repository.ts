import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  knowledgeChunks,
  knowledgeDocuments,
  textExtractions,
  type KnowledgeChunkRow,
  type KnowledgeDocumentRow,
} from './knowledge.tables';

export type NewChunk = {
  documentId: string | null;
  chunkIndex: number;
  heading: string;
  chunkText: string;
  tokenCount: number;
  extractionMethod: string;
  category: string;
  embedding: number[] | null;
  embeddingModel: string | null;
};

export type ChunkWithDocument = Omit<KnowledgeChunkRow, 'searchVector' | 'embedding'> & {
  documentName: string | null;
  hasEmbedding: boolean;
};
export type DocumentWithCounts = KnowledgeDocumentRow & { totalChunks: number; pendingExtractions: number };

const { embedding: _embedding, searchVector: _vector, ...chunkColumns } = getTableColumns(knowledgeChunks);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createKnowledgeRepository(db: Database) {
  const chunkCount = sql<number>`(select count(*)::int from knowledge_chunks c where c.document_id = knowledge_documents.id)`;
  const pendingCount = sql<number>`(select count(*)::int from knowledge_text_extractions e where e.document_id = knowledge_documents.id and e.status = 'pending')`;
  const documentSelect = {
    ...getTableColumns(knowledgeDocuments),
    totalChunks: chunkCount,
    pendingExtractions: pendingCount,
  };
  const chunkSelect = {
    ...chunkColumns,
    hasEmbedding: sql<boolean>`${knowledgeChunks.embedding} is not null`,
    documentName: knowledgeDocuments.documentName,
  };

  return {
    db,
    async listDocuments(): Promise<DocumentWithCounts[]> {
      return db.select(documentSelect).from(knowledgeDocuments).orderBy(desc(knowledgeDocuments.uploadedAt));
    },
    async findDocument(id: string, tx: Database = db): Promise<DocumentWithCounts | undefined> {
      const [row] = await tx
        .select(documentSelect)
        .from(knowledgeDocuments)
        .where(eq(knowledgeDocuments.id, id));
      return row;
    },
    async insertDocument(values: typeof knowledgeDocuments.$inferInsert) {
      const [row] = await db.insert(knowledgeDocuments).values(values).returning();
      return row!;
    },
    async updateDocument(
      id: string,
      values: Partial<typeof knowledgeDocuments.$inferInsert>,
      tx: Database = db,
    ) {
      await tx.update(knowledgeDocuments).set(values).where(eq(knowledgeDocuments.id, id));
    },
    /** Deletes the document (its chunks and extractions go with it); answers how many chunks it had. */
    async deleteDocument(id: string): Promise<{ deletedChunks: number; storageKey: string | null } | null> {
      return db.transaction(async (tx) => {
        const [doc] = await tx
          .select({ storageKey: knowledgeDocuments.storageKey })
          .from(knowledgeDocuments)
          .where(eq(knowledgeDocuments.id, id))
          .for('update');
        if (!doc) return null;
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(knowledgeChunks)
          .where(eq(knowledgeChunks.documentId, id));
        await tx.delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, id));
        return { deletedChunks: Number(n), storageKey: doc.storageKey };
      });
    },

    async insertChunks(chunks: NewChunk[], tx: Database = db): Promise<KnowledgeChunkRow[]> {
      if (!chunks.length) return [];
      const inserted: KnowledgeChunkRow[] = [];
      for (let i = 0; i < chunks.length; i += 500)
        inserted.push(
          ...(await tx
            .insert(knowledgeChunks)
            .values(chunks.slice(i, i + 500))
            .returning()),
        );
      return inserted;
    },
    async nextChunkIndex(documentId: string, tx: Database = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(max(${knowledgeChunks.chunkIndex}) + 1, 0)::int` })
        .from(knowledgeChunks)
        .where(eq(knowledgeChunks.documentId, documentId));
      return row?.n ?? 0;
    },
    async findChunk(id: string): Promise<ChunkWithDocument | undefined> {
      const [row] = await db
        .select(chunkSelect)
        .from(knowledgeChunks)
        .leftJoin(knowledgeDocuments, eq(knowledgeDocuments.id, knowledgeChunks.documentId))
        .where(eq(knowledgeChunks.id, id));
      return row;
    },
    async findChunksByIds(ids: string[]) {
      if (!ids.length) return [];
      return db
        .select(chunkSelect)
        .from(knowledgeChunks)
        .leftJoin(knowledgeDocuments, eq(knowledgeDocuments.id, knowledgeChunks.documentId))
        .where(inArray(knowledgeChunks.id, ids));
    },
    async listChunks(filter: { search?: string; documentId?: string; limit: number; offset: number }) {
      const where = and(
        filter.documentId ? eq(knowledgeChunks.documentId, filter.documentId) : undefined,
        filter.search ? ilike(knowledgeChunks.chunkText, `%${escapeLike(filter.search)}%`) : undefined,
      );
      const [page, [total]] = await Promise.all([
        db
          .select(chunkSelect)
          .from(knowledgeChunks)
          .leftJoin(knowledgeDocuments, eq(knowledgeDocuments.id, knowledgeChunks.documentId))
          .where(where)
          .orderBy(
            desc(knowledgeDocuments.uploadedAt),
            asc(knowledgeChunks.chunkIndex),
            desc(knowledgeChunks.createdAt),
          )
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(knowledgeChunks).where(where),
      ]);
      return { rows: page, total: Number(total?.n ?? 0) };
    },
    async updateChunk(id: string, values: Partial<typeof knowledgeChunks.$inferInsert>) {
      const [row] = await db
        .update(knowledgeChunks)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(knowledgeChunks.id, id))
        .returning({ id: knowledgeChunks.id });
      return row;
    },
    async deleteChunk(id: string) {
      const [row] = await db
        .delete(knowledgeChunks)
        .where(eq(knowledgeChunks.id, id))
        .returning({ id: knowledgeChunks.id });
      return row;
    },
    async setDocumentChunksCategory(documentId: string, category: string) {
      await db.update(knowledgeChunks).set({ category }).where(eq(knowledgeChunks.documentId, documentId));
    },
    async stats() {
      const [row] = await db
        .select({
          totalChunks: sql<number>`count(*)::int`,
          chunksWithEmbeddings: sql<number>`count(${knowledgeChunks.embedding})::int`,
          categories: sql<number>`count(distinct ${knowledgeChunks.category})::int`,
          averageChunkSize: sql<number>`coalesce(round(avg(${knowledgeChunks.tokenCount})), 0)::int`,
        })
        .from(knowledgeChunks);
      const [docs] = await db.select({ n: count() }).from(knowledgeDocuments);
      return { ...row!, totalDocuments: Number(docs?.n ?? 0) };
    },
    /** Chunks with no embedding of the current model, oldest first (for the embedding job). */
    async chunksNeedingEmbedding(model: string, limit: number) {
      return db
        .select({
          id: knowledgeChunks.id,
          heading: knowledgeChunks.heading,
          chunkText: knowledgeChunks.chunkText,
        })
        .from(knowledgeChunks)
        .where(
          sql`${knowledgeChunks.embeddingModel} is distinct from ${model} or ${knowledgeChunks.embedding} is null`,
        )
        .orderBy(asc(knowledgeChunks.createdAt))
        .limit(limit);
    },
    async embeddingsOf(ids: string[], model: string) {
      if (!ids.length) return [];
      return db
        .select({ id: knowledgeChunks.id, embedding: knowledgeChunks.embedding })
        .from(knowledgeChunks)
        .where(and(inArray(knowledgeChunks.id, ids), eq(knowledgeChunks.embeddingModel, model)));
    },
    async embeddedChunks(model: string) {
      return db
        .select({ id: knowledgeChunks.id, embedding: knowledgeChunks.embedding })
        .from(knowledgeChunks)
        .where(and(isNotNull(knowledgeChunks.embedding), eq(knowledgeChunks.embeddingModel, model)));
    },

    extractions: textExtractions,
  };
}

export type KnowledgeRepository = ReturnType<typeof createKnowledgeRepository>;
