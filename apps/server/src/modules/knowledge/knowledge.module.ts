import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { AiProvider } from '../../providers/ai/ai-provider';
import type { ImageTextReader } from '../../providers/ocr/image-text';
import type { FileStorage } from '../../providers/storage/file-storage';
import type { JobQueue } from '../jobs';
import { createKnowledgeRepository } from './knowledge.repository';
import { knowledgeRoutes } from './knowledge.routes';
import { createKnowledgeService, type KnowledgeService } from './knowledge.service';

/** The knowledge base: documents, their ingestion jobs, and the one search the chatbot uses too. */
export async function registerKnowledgeModule(
  app: FastifyInstance,
  deps: { db: Database; storage: FileStorage; jobs: JobQueue; ai: AiProvider; images: ImageTextReader },
): Promise<KnowledgeService> {
  const { db, storage, jobs, ai, images } = deps;
  const knowledge = createKnowledgeService({
    repo: createKnowledgeRepository(db),
    storage,
    jobs,
    ai,
    images,
    log: app.log,
  });
  await app.register(knowledgeRoutes, { knowledge });
  return knowledge;
}
