import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer. The web client (Vite build) is one module script and one stylesheet
 * from `/assets`, React sets styles through the CSSOM (not blocked), and its live channels (MQTT over WebSocket at
 * `/mqtt`, socket.io) are same-origin: `'self'` covers `ws:`/`wss:` to the same host in CSP Level 3 browsers.
 * No `'unsafe-eval'`: zod's feature probe (`new Function('')`) is refused and reported, and zod then parses without
 * compiling its schemas. No `upgrade-insecure-requests`: the product is also served over plain HTTP (tests, local use), where it would
 * break every asset; HSTS upgrades browsers that have seen the site over HTTPS.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  // mqtt.js runs its keep-alive timers in a worker made from a blob: URL (so that background tabs keep pinging).
  'worker-src': ["'self'", 'blob:'],
};

/**
 * `connect-src` with the origins of `connectTo` beside `'self'`: with LIVE_EDGE=mosquitto the pages' live channel is
 * Mosquitto's WebSocket listener (another origin: `liveEdgeOrigins` of live-config.ts), which `'self'` alone refuses.
 */
export function connectSources(connectTo: readonly string[] = []): { readonly 'connect-src': readonly string[] } {
  return { 'connect-src': [...CSP_DIRECTIVES['connect-src']!, ...connectTo] };
}

/** Pages whose inline scripts are allowed by hash: the Swagger UI page of `docs.controller.ts` (static text). */
const PAGES_WITH_INLINE_SCRIPTS = new Set(['/api/docs']);
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

const serialize = (directives: Readonly<Record<string, readonly string[]>>) =>
  Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');

/** The product's policy ({@link CSP_DIRECTIVES}) with some directives replaced, as a header value. */
export function contentSecurityPolicy(overrides: Readonly<Record<string, readonly string[]>> = {}): string {
  return serialize({ ...CSP_DIRECTIVES, ...overrides });
}

/** The policy of a page that carries inline scripts: each allowed by its SHA-256; Swagger UI also sets inline styles. */
export function inlinePagePolicy(html: string, connectTo: readonly string[] = []): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  return contentSecurityPolicy({ ...connectSources(connectTo), 'script-src': ["'self'", ...hashes], 'style-src': ["'self'", "'unsafe-inline'"] });
}

/**
 * Security headers on every answer Fastify sends (API, static client, errors) with helmet: the CSP above,
 * `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`, HSTS (one year, subdomains; ignored by browsers over
 * plain HTTP), `Referrer-Policy: same-origin` (a browser still sends its `Origin` on same-origin calls, which the
 * cross-origin check reads), and helmet's other defaults (COOP, CORP, …). Register before the routes.
 *
 * helmet's middleware is built once, here: @fastify/helmet built it again for every request (parsing and checking the
 * whole policy each time), about 6 % of the API's busy time under the offer load (issue 25 item 3). The headers are
 * the same, set on the raw answer in `onRequest` as before, so a route or hook may still replace one.
 * `connectTo`: origins the pages may connect to besides their own ({@link connectSources}).
 */
export async function secureHeaders(fastify: FastifyInstance, { connectTo = [] }: { readonly connectTo?: readonly string[] } = {}): Promise<void> {
  const directives: Readonly<Record<string, readonly string[]>> = { ...CSP_DIRECTIVES, ...connectSources(connectTo) };
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives as Record<string, string[]> },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload === 'string' && PAGES_WITH_INLINE_SCRIPTS.has(request.routeOptions.url ?? '')) {
      void reply.header('content-security-policy', inlinePagePolicy(payload, connectTo));
    }
    return payload;
  });
}
