// The one piece of e2e data not seeded through the API: a download link sent eight days ago. The API
// only issues links valid from now on, so an expired one can only be stored. It is written before
// the server starts (PGlite allows one process at a time); everything else each journey seeds for
// itself through the API (seed.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareDatabase } from '../../apps/server/src/bootstrap';
import { loadConfig } from '../../apps/server/src/config';
import { hashDownloadToken } from '../../apps/server/src/modules/resources/download-token';
import { resourceDownloadLinks } from '../../apps/server/src/modules/resources/resources.tables';
import { EXPIRED_DOWNLOAD_LINK } from './download-links';

const DAY_MS = 86_400_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { database } = await prepareDatabase(loadConfig(), path.join(root, 'apps/server/drizzle'));
await database.db.insert(resourceDownloadLinks).values({
  tokenHash: hashDownloadToken(EXPIRED_DOWNLOAD_LINK.split('/').pop()!),
  issuedBy: 'public',
  createdAt: new Date(Date.now() - 8 * DAY_MS),
  expiresAt: new Date(Date.now() - DAY_MS),
});
await database.close();
