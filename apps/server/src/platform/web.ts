import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { notFound } from './errors';

/** Paths that belong to the API, the identity provider, real-time or docs: never answered by the SPA. */
const API_PREFIXES = [
  '/careslot-',
  '/api/',
  '/realms/',
  '/hubs/',
  '/socket.io/',
  '/docs',
  '/healthz',
  '/readyz',
  '/dev/',
];

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
 * Whether a GET is for a page: a browser asks for text/html, while link checkers, previews and monitors often
 * send no Accept header or any type; a missing file (a path with an extension) is a page only when HTML is
 * asked for by name, so a lost script is a 404, not a page.
 */
export function wantsPage(method: string, url: string, accept: string | undefined): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || isApiPath(url)) return false;
  if (accept?.includes('text/html')) return true;
  if (isWebFileRequest(method, url)) return false;
  return !accept || /(^|[\s,])(\*\/\*|text\/\*)/.test(accept);
}

/** index.html with the response's style nonce, which the app hands to Mantine's <style> elements (App.tsx). */
export function pageWithNonce(indexHtml: string, nonce: string): string {
  return indexHtml.replace('<head>', `<head><meta name="csp-nonce" content="${nonce}">`);
}

/** The files the web build writes `.br` and `.gz` copies of (apps/web/precompress.ts). */
const PRECOMPRESSED = /\.(?:js|mjs|css|json|svg|html|txt|webmanifest|map)(?:\.br|\.gz)?$/i;

/**
 * Compresses what the server writes at run time: the API's JSON and the pages' HTML above 1 KB, Brotli at
 * quality 4 (about gzip's CPU cost at its default level, for a smaller answer) or gzip, as the caller accepts.
 * The web app's files go out as the build's precompressed copies (registerWeb), which this leaves as they are.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and any other GET that
 * wants a page falls back to index.html so client routes survive a reload (the SPA shows its own 404).
 * Scripts, styles and other text files go out as the build's Brotli or gzip copy when the browser accepts
 * one (`Accept-Encoding`), and say so with `Vary: Accept-Encoding` so a shared cache keeps them apart.
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // index.html is only ever sent with its nonce, below.
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build's `.br` and `.gz` copies, chosen by the request's Accept-Encoding.
      preCompressed: true,
      // Our own cache headers below; the plugin's default would overwrite them with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        if (PRECOMPRESSED.test(filePath)) res.setHeader('vary', 'Accept-Encoding');
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (indexHtml !== null && wantsPage(request.method, request.url, request.headers.accept)) {
      const nonce = reply.cspNonce?.style ?? '';
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(pageWithNonce(indexHtml, nonce));
    }
    throw notFound();
  });
}
