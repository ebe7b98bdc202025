import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

/**
 * Powerful browser features the product may use, and who may use them (Permissions-Policy). Camera and
 * microphone are the product's own pages' (video visits); autoplay, fullscreen and picture-in-picture its own
 * videos'; every other feature is off for the page and anything it embeds (docs/security.md).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'autoplay=(self)',
  'fullscreen=(self)',
  'picture-in-picture=(self)',
  'accelerometer=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The WebSocket origin of the public URL: the only place besides 'self' the page may connect to. */
export function webSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * Response headers of every answer: the content security policy (a fresh style nonce per response, which the
 * SPA's index.html carries to Mantine, so no inline style needs 'unsafe-inline'), Permissions-Policy, and
 * `Cache-Control: no-store` on everything that does not name its own caching, so no API answer (patient data)
 * is kept by a browser or a shared cache. The web app's files set their own (platform/web.ts). cardFieldSources:
 * the configured gateways' hosted card field origins (platform/card-fields.ts).
 */
export async function registerResponseHeaders(
  app: FastifyInstance,
  publicUrl: string,
  formTargets: readonly string[] = [],
  cardFieldSources: readonly string[] = [],
) {
  await app.register(fastifyHelmet, {
    // reply.cspNonce.style: platform/web.ts writes it into index.html; helmet adds it to style-src.
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The hosted card fields of the gateways this server takes payments through for real (decision 0077): their
        // script and the frames it draws; none while the built-in sandbox stands in.
        scriptSrc: ["'self'", ...cardFieldSources],
        ...(cardFieldSources.length ? { frameSrc: ["'self'", ...cardFieldSources] } : {}),
        // Mantine's <style> elements carry the nonce; style attributes set from script (CSSOM) need nothing.
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", webSocketOrigin(publicUrl)],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        // No page of ours uses <base>: none may be injected (issue 24 item 9).
        baseUri: ["'none'"],
        // Besides the product's own forms: the reputation site's sign-on form (REPUTATION_SIGN_ON_URL, decision 0058).
        formAction: ["'self'", ...formTargets.map((target) => new URL(target).origin)],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
