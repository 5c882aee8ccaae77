import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../providers/storage/file-storage';
import { createResourcesRepository } from './resources.repository';
import { resourcesRoutes } from './resources.routes';
import {
  createResourcesService,
  type ResourceSegmentsReader,
  type ResourcesService,
} from './resources.service';

/** Lead magnets, their files and download links; a counted download is announced through `onLeadDownload`. */
export async function registerResourcesModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    config: AppConfig;
    storage: FileStorage;
    segments: ResourceSegmentsReader;
    onLeadDownload: (email: string) => Promise<void>;
  },
): Promise<ResourcesService> {
  const { db, config, storage, segments, onLeadDownload } = deps;
  const resources = createResourcesService({
    repo: createResourcesRepository(db),
    storage,
    linkDays: config.downloadLinkDays,
    log: app.log,
    onLeadDownload,
    segments,
  });
  await app.register(resourcesRoutes, { resources });
  return resources;
}
