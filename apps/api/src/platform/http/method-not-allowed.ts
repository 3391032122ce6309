import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import { CLAIM_IN_TURN, isCommandRoute } from '../idempotency/claim-in-turn.js';

/** One declared route: its path as a pattern of the router (case-insensitive, as the router's caseSensitive: false). */
interface DeclaredRoute {
  readonly pattern: RegExp;
  /** Its parameters: of the routes a path matches, those with the fewest name the resource (`auction/observed`, not `auction/:idAuction`). */
  readonly params: number;
  readonly methods: Set<string>;
}

/** A Fastify path (`/a/:id/b`, `/a/:id(^\\d+)`) as a regular expression on a request's path. */
export function routePattern(url: string): RegExp {
  let source = '';
  for (let i = 0; i < url.length;) {
    if (url[i] === ':' && /\w/.test(url[i + 1] ?? '')) {
      let j = i + 1;
      while (j < url.length && /\w/.test(url[j]!)) j++;
      if (url[j] === '(') {
        // A parameter with its own expression: `:id(^\\d+)`, up to the matching parenthesis.
        let depth = 0, k = j;
        for (; k < url.length; k++) {
          if (url[k] === '(') depth++;
          else if (url[k] === ')' && --depth === 0) break;
        }
        source += `(?:${url.slice(j + 1, k).replace(/^\^/, '').replace(/\$$/, '')})`;
        i = k + 1;
      } else {
        source += '[^/]+';
        i = j;
      }
    } else {
      source += url[i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i++;
    }
  }
  return new RegExp(`^${source.replace(/\/+$/, '')}/?$`, 'i');
}

/**
 * A request whose path is a declared route's but whose method is not answers 405 with `Allow` listing the methods
 * declared for that path (RFC 9110), not 404: in one place, from the route table the router itself is given (every
 * route added after this call, Nest's controllers included). Catch-all routes (`*`: the web client's deep links) do
 * not count as declaring a path; a request they caught on a path of a declared route with other methods is 405 too
 * (a GET of a path that only takes POST). Unknown paths keep their 404.
 *
 * A command sent as a GET (`@ClaimInTurn`: the mobile app's offer) takes no HEAD: the router's automatic HEAD route would
 * run the command (a link checker, a proxy's probe or a prefetch placing an offer), so HEAD is 405 there.
 */
export function answerMethodNotAllowed(fastify: FastifyInstance): void {
  const routes = new Map<string, DeclaredRoute>();
  fastify.addHook('onRoute', (route) => {
    if (route.url.includes('*') || route.url === '/' || route.url === '') return;
    const key = route.url.replace(/\/+$/, '').toLowerCase();
    const entry = routes.get(key) ?? { pattern: routePattern(route.url), params: (route.url.match(/:\w/g) ?? []).length, methods: new Set<string>() };
    const command = (route.config as unknown as Record<string, unknown> | undefined)?.[CLAIM_IN_TURN] === true;
    for (const method of [route.method].flat()) if (!(command && String(method).toUpperCase() === 'HEAD')) entry.methods.add(String(method).toUpperCase());
    routes.set(key, entry);
  });
  const allowed = (path: string): Set<string> => {
    const matching = [...routes.values()].filter((route) => route.pattern.test(path));
    const fewest = Math.min(...matching.map((route) => route.params));
    return new Set(matching.filter((route) => route.params === fewest).flatMap((route) => [...route.methods]));
  };
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const matched = request.routeOptions.url;
    // A declared route matched: its own method (but a command's automatic HEAD).
    const head = request.method === 'HEAD' && isCommandRoute(request);
    if (!head && matched !== undefined && !matched.includes('*') && matched !== '/') return;
    const path = request.url.split('?')[0]!;
    const methods = allowed(path);
    if (methods.size === 0 || methods.has(request.method)) return;
    const allow = [...methods].sort().join(', ');
    return reply.code(405).header('allow', allow)
      .send({ errorCode: API_ERROR_CODES.METHOD_NOT_ALLOWED, errorMsg: `${request.method} is not a method of ${path}: ${allow}` });
  });
}
