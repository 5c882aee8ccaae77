import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ExtractionReview, ExtractionStats } from '@lantern/contracts';
import { BadInputError, ConflictError, NotFoundError } from '../../http/errors';
import { chunkPlainParagraphs } from './chunking';
import { toExtraction } from './knowledge.mapping';
import type { KnowledgeRepository } from './knowledge.repository';
import { textExtractions } from './knowledge.tables';

/**
 * Text extractions from images: listed for review; approving one (with the reviewer's edits)
 * turns its text into chunks of its document, rejecting keeps it out. Decided once: a reviewed
 * extraction cannot be reviewed again (409).
 */
export function createExtractions(deps: { repo: KnowledgeRepository; onChunks: () => Promise<void> }) {
  const { repo } = deps;
  const db = repo.db;

  async function get(id: string) {
    const [row] = await db.select().from(textExtractions).where(eq(textExtractions.id, id));
    if (!row) throw new NotFoundError('Text extraction not found');
    return row;
  }

  return {
    get,

    async list(filter: { status?: 'pending' | 'approved' | 'rejected'; limit: number; offset: number }) {
      const where = filter.status ? eq(textExtractions.status, filter.status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(textExtractions)
          .where(where)
          .orderBy(desc(textExtractions.extractedAt), desc(textExtractions.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(textExtractions).where(where),
      ]);
      return { extractions: rows.map(toExtraction), total: Number(total?.n ?? 0) };
    },

    async stats(): Promise<ExtractionStats> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          pending: sql<number>`count(*) filter (where ${textExtractions.status} = 'pending')::int`,
          approved: sql<number>`count(*) filter (where ${textExtractions.status} = 'approved')::int`,
          rejected: sql<number>`count(*) filter (where ${textExtractions.status} = 'rejected')::int`,
          average: sql<number>`coalesce(avg(${textExtractions.confidenceScore}), 0)::float8`,
        })
        .from(textExtractions);
      return {
        total: row?.total ?? 0,
        byStatus: { pending: row?.pending ?? 0, approved: row?.approved ?? 0, rejected: row?.rejected ?? 0 },
        averageConfidence: Math.round(Number(row?.average ?? 0) * 1000) / 1000,
      };
    },

    async review(id: string, input: ExtractionReview, reviewerId: string | null) {
      const current = await get(id);
      if (current.status !== 'pending')
        throw new ConflictError('This text extraction has already been reviewed');
      const text = (input.reviewed_text ?? current.extractedText).trim();
      if (input.status === 'approved' && !text)
        throw new BadInputError(
          'The reviewed text is empty: enter the text to approve, or reject the extraction',
        );
      let createdChunks = 0;
      await db.transaction(async (tx) => {
        // Only a still-pending row changes: two reviewers at once cannot both approve.
        const [updated] = await tx
          .update(textExtractions)
          .set({ status: input.status, reviewedText: text, reviewedAt: new Date(), reviewedBy: reviewerId })
          .where(and(eq(textExtractions.id, id), eq(textExtractions.status, 'pending')))
          .returning({ id: textExtractions.id });
        if (!updated) throw new ConflictError('This text extraction has already been reviewed');
        if (input.status !== 'approved') return;
        const doc = current.documentId ? await repo.findDocument(current.documentId, tx) : undefined;
        const start = doc ? await repo.nextChunkIndex(doc.id, tx) : 0;
        const chunks = chunkPlainParagraphs(text);
        await repo.insertChunks(
          chunks.map((c) => ({
            documentId: doc?.id ?? null,
            chunkIndex: start + c.index,
            heading: c.heading,
            chunkText: c.text,
            tokenCount: c.tokenCount,
            extractionMethod: current.extractionMethod,
            category: doc?.category ?? 'general',
            embedding: null,
            embeddingModel: null,
          })),
          tx,
        );
        createdChunks = chunks.length;
      });
      if (createdChunks) await deps.onChunks();
      return { extraction: toExtraction(await get(id)), createdChunks };
    },
  };
}
