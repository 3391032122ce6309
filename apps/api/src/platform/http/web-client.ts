import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { API_ERROR_CODES } from '@auction/contracts';
import { AppPageTemplate, type FirstScreenPage } from './app-page.js';

/** Paths the server answers itself; everything else under `/` is the single-page client. */
const SERVER_PATHS = /^\/(api|metrics|mqtt|socket\.io)(\/|$)/;
/**
 * Files of a build, never a deep link of the app: one that does not exist is 404. The app page with 200 in place of a
 * chunk of an older build would be run as a script, fail as a module, and hide from the old tab that it must reload.
 */
const BUILD_FILES = /^\/assets(\/|$)|\.(m?js|css|map)$/;

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Serves the built React client from `dist`: its files precompressed when the browser accepts Brotli or gzip (hashed
 * assets cached for a year), and
 * `index.html` for every other GET so that deep links (`/live-auction/…`) open the app. Unknown server paths
 * keep the API's 404 body, and so do missing files of a build (`/assets/…`, `*.js`, `*.css`). A page of `pages` whose
 * first screen the server can draw for this request is sent with it (`app-page.ts`); if it cannot (no session, no such
 * auction, any failure), the plain page. Returns false when the client is not built. `connectTo`: origins its pages
 * may connect to besides their own (the live edge's), in the drawn pages' policy too (the plain page has secureHeaders').
 */
export async function serveWebClient(
  fastify: FastifyInstance, dist: string,
  { pages = [], warn = () => undefined, connectTo = [] }: {
    pages?: readonly FirstScreenPage[]; warn?: (message: string, error: unknown) => void; connectTo?: readonly string[];
  } = {},
): Promise<boolean> {
  if (!existsSync(join(dist, 'index.html'))) return false;
  await fastify.register(fastifyStatic, {
    // The build writes `.br` and `.gz` beside every compressible file (apps/web/vite.config.ts): sent to browsers
    // that accept them, with `content-encoding` and `vary: accept-encoding`.
    root: dist, wildcard: false, index: false, preCompressed: true,
    setHeaders: (res, path) => {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const template = new AppPageTemplate(dist, connectTo);
  // The first page of `pages` whose path matches draws it (or redirects); if it cannot, the plain client page.
  const appPage = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    for (const page of pages) {
      const match = page.path.exec(path);
      if (!match) continue;
      try {
        const screen = await page.render(request, match);
        if (screen && 'redirect' in screen) return reply.code(302).header('cache-control', 'no-store').header('vary', 'cookie').redirect(screen.redirect);
        if (screen) return template.send(reply, screen);
      } catch (error) {
        warn(`first screen of ${path} not drawn: the plain page is sent`, error);
      }
      break;
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
  fastify.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (SERVER_PATHS.test(safeDecode(path).toLowerCase())) {
      return reply.code(404).send({ errorCode: API_ERROR_CODES.NOT_FOUND, errorMsg: `no route ${request.method} ${path}` });
    }
    // A file written after start (a rebuild while serving) is served too; anything else opens the app.
    const file = resolve(dist, `.${safeDecode(path)}`);
    if (file.startsWith(resolve(dist) + sep) && existsSync(file) && statSync(file).isFile()) return reply.sendFile(file.slice(resolve(dist).length + 1));
    if (BUILD_FILES.test(safeDecode(path).toLowerCase())) {
      // Not cached: the file may appear with the next deployment.
      return reply.code(404).header('cache-control', 'no-store').send({ errorCode: API_ERROR_CODES.NOT_FOUND, errorMsg: `no file ${path}` });
    }
    return appPage(request, reply, path);
  });
  fastify.get('/', (request, reply) => appPage(request, reply, '/'));
  return true;
}
