import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isServerPath, markRoutesPublic } from './public-routes';

const noMaps = (pathName: string) => !pathName.endsWith('.map');

function cacheHeaders(reply: FastifyReply, filePath: string) {
  const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** A path the SPA's router owns: not an API path, not a file (no extension), not a dotfile. */
function isSpaPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  if (isServerPath(pathname)) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.') && !pathname.includes('/.');
}

/**
 * Serves the built admin SPA (and its client-side routes) and the widget files. Only files
 * that exist in the build folders are served; anything else is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, dirs: { web?: string; widget?: string }) {
  const webIndex = dirs.web ? path.join(dirs.web, 'index.html') : undefined;
  const hasWeb = webIndex !== undefined && fs.existsSync(webIndex);
  const indexHtml = hasWeb ? fs.readFileSync(webIndex) : null;
  // The build's files are public by nature; their routes are made by the static plugin.
  await app.register(async (files) => {
    markRoutesPublic(files, 'the built web app and widget files');
    await registerFiles(files, dirs, hasWeb);
  });

  app.setNotFoundHandler((request, reply: FastifyReply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      indexHtml &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml &&
      isSpaPath(request.url)
    ) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({ error: 'Not found' });
  });
}

async function registerFiles(app: FastifyInstance, dirs: { web?: string; widget?: string }, hasWeb: boolean) {
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dirs.web!,
      wildcard: false,
      allowedPath: noMaps,
      setHeaders: cacheHeaders,
    });
  }
  if (dirs.widget && fs.existsSync(dirs.widget)) {
    await app.register(fastifyStatic, {
      root: dirs.widget,
      prefix: '/widget/',
      wildcard: false,
      decorateReply: !hasWeb,
      // widget.js.br / .gz are written by the widget build: visitors download ~14 KB, not ~36.
      preCompressed: true,
      allowedPath: noMaps,
      setHeaders: cacheHeaders,
    });
  }
}
