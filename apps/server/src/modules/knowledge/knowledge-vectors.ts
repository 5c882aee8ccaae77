import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { rows } from '../../db/rows';
import { loggableError } from '../../db/errors';
import type { AiProvider } from '../../providers/ai/ai-provider';
import type { KnowledgeRepository } from './knowledge.repository';

/**
 * Chunk embeddings: written as real[] everywhere, and into the pgvector column where the extension
 * exists (an HNSW index per vector length, made on first use). Nearest chunks come from the HNSW
 * index, or, without pgvector, from an exact ranking in this process over the stored vectors.
 */
const EMBED_BATCH = 64;
/** Candidates the HNSW index search keeps (pgvector's hnsw.ef_search; its default is 40). */
export const HNSW_EF_SEARCH = 200;

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0; // another model's vector
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

export function createKnowledgeVectors(deps: {
  db: Database;
  repo: KnowledgeRepository;
  ai: AiProvider;
  log: FastifyBaseLogger;
}) {
  const { db, repo, ai, log } = deps;
  let pgvector: Promise<boolean> | undefined;
  const indexed = new Set<number>();
  let exactCache: { key: string; items: { id: string; vector: Float32Array }[] } | null = null;

  const hasPgvector = () =>
    (pgvector ??= rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from information_schema.columns
          where table_name = 'knowledge_chunks' and column_name = 'embedding_vector'`,
    ).then(([r]) => (r?.n ?? 0) > 0));

  async function ensureIndex(dims: number) {
    if (indexed.has(dims) || !(await hasPgvector())) return;
    indexed.add(dims);
    try {
      await db.execute(
        sql.raw(`create index if not exists knowledge_chunks_embedding_hnsw_${dims} on knowledge_chunks
          using hnsw ((embedding_vector::vector(${dims})) vector_cosine_ops)
          where vector_dims(embedding_vector) = ${dims}`),
      );
    } catch (error) {
      log.warn({ err: loggableError(error) }, 'could not create the HNSW index; vector search is exact');
    }
  }

  async function store(id: string, vector: number[], model: string) {
    const literal = `[${vector.join(',')}]`;
    const withVector = await hasPgvector();
    await db.execute(sql`update knowledge_chunks set embedding = ${literal.replace('[', '{').replace(']', '}')}::real[],
        embedding_model = ${model}
        ${withVector ? sql`, embedding_vector = ${literal}::vector` : sql``}
        where id = ${id}`);
  }

  return {
    hasPgvector,

    /** Embeds every chunk that has no vector of the current model yet (the embedding job). */
    async embedMissing(): Promise<number> {
      const model = ai.embeddingModel;
      if (!ai.hasEmbeddings || !model) return 0;
      let done = 0;
      for (;;) {
        const batch = await repo.chunksNeedingEmbedding(model, EMBED_BATCH);
        if (!batch.length) break;
        const vectors = await ai.embed(
          batch.map((c) => (c.heading ? `${c.heading}\n${c.chunkText}` : c.chunkText)),
        );
        if (vectors[0]) await ensureIndex(vectors[0].length);
        for (let i = 0; i < batch.length; i++) await store(batch[i]!.id, vectors[i]!, model);
        done += batch.length;
      }
      exactCache = null;
      return done;
    },

    /** The k chunks nearest the query vector, with cosine similarity. */
    async nearest(vector: number[], k: number): Promise<{ id: string; similarity: number }[]> {
      const model = ai.embeddingModel!;
      if (await hasPgvector()) {
        const dims = vector.length;
        await ensureIndex(dims);
        const literal = `[${vector.join(',')}]`;
        const dimsSql = sql.raw(String(dims));
        // A wider HNSW search than pgvector's default 40 candidates: better recall for a few ms.
        const found = await db.transaction(async (tx) => {
          await tx.execute(sql.raw(`set local hnsw.ef_search = ${HNSW_EF_SEARCH}`));
          return rows<{ id: string; distance: number }>(
            tx,
            sql`select id, (embedding_vector::vector(${dimsSql}) <=> ${literal}::vector(${dimsSql}))::float8 as distance
                from knowledge_chunks
                where vector_dims(embedding_vector) = ${dims} and embedding_model = ${model}
                order by embedding_vector::vector(${dimsSql}) <=> ${literal}::vector(${dimsSql})
                limit ${k}`,
          );
        });
        return found.map((r) => ({ id: r.id, similarity: 1 - Number(r.distance) }));
      }
      return exactNearest(vector, k, model);
    },

    /** Cosine similarity of the query vector to these chunks' stored vectors. */
    async similarityOf(vector: number[], ids: string[]) {
      const stored = await repo.embeddingsOf(ids, ai.embeddingModel!);
      return stored.map((r) => ({ id: r.id, similarity: cosine(vector, r.embedding ?? []) }));
    },

    forget() {
      exactCache = null;
    },
  };

  async function exactNearest(vector: number[], k: number, model: string) {
    const [state] = await rows<{ key: string }>(
      db,
      sql`select count(embedding)::text || ':' || coalesce(max(updated_at)::text, '') as key from knowledge_chunks`,
    );
    if (!exactCache || exactCache.key !== state?.key) {
      const stored = await repo.embeddedChunks(model);
      exactCache = {
        key: state?.key ?? '',
        items: stored.map((r) => ({ id: r.id, vector: Float32Array.from(r.embedding ?? []) })),
      };
    }
    return exactCache.items
      .map((item) => ({ id: item.id, similarity: cosine(vector, item.vector) }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, k);
  }
}

export type KnowledgeVectors = ReturnType<typeof createKnowledgeVectors>;
