import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from './errors';

/** Paths that belong to the API, the identity provider, real-time or docs: never answered by the SPA. */
const API_PREFIXES = ['/careslot-', '/api/', '/realms/', '/hubs/', '/socket.io/', '/docs', '/healthz', '/readyz', '/dev/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * A GET for one of the web app's own files (scripts, styles, translations, images). One page view loads
 * dozens of them, so they do not count against the per-client request limit, which guards the API.
 */
export function isWebFileRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0]!;
  return !isApiPath(pathname) && /\/[^/]+\.[a-z0-9]{2,5}$/i.test(pathname);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and any other GET that
 * wants HTML falls back to index.html so client routes survive a reload (the SPA shows its own 404).
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Our own cache headers below; the plugin's default would overwrite them with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (hasBuild && request.method === 'GET' && wantsHtml && !isApiPath(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw notFound();
  });
}
