import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { decideLiveSubscription, describeError, listenOn, logServerErrors, type LiveLogger } from '@auction/messaging';
import type { LiveSession } from '../../identity/auth.service.js';

/** Topic of the commands Mosquitto's edge plugin takes from the API's service user (tools/mosquitto-edge). */
export const EDGE_CONTROL_TOPIC = '$CONTROL/auction-edge/v1';

/** What the edge check asks of the API: the same functions its own /mqtt broker is given. */
export interface LiveEdgeAccess {
  /** The session of a live token (or the mobile app's session token), or null. */
  readonly authenticate: (token: string) => LiveSession | null;
  readonly maySubscribeAuction: (idUser: string, idAuction: string) => Promise<boolean>;
  readonly mayFollowAuction: (idUser: string, idAuction: string) => boolean;
}

/** Options of {@link startLiveEdgeCheck}. */
export interface LiveEdgeCheckOptions {
  readonly host: string;
  /** 0: any free port (tests). */
  readonly port: number;
  /** The bearer token the plugin sends (LIVE_EDGE_AUTH_SECRET = plugin_opt_secret). */
  readonly secret: string;
  readonly access: LiveEdgeAccess;
  readonly logger: LiveLogger;
}

/** The running edge check. */
export interface LiveEdgeCheck {
  readonly address: AddressInfo;
  close(): Promise<void>;
}

/**
 * The API's edge check (LIVE_EDGE=mosquitto): a small HTTP listener only Mosquitto's auction_edge plugin talks to
 * (tools/mosquitto-edge/auction_edge.c). Forms in, one line of text out; the API keeps no state of its own about
 * Mosquitto's clients, so a restart forgets nothing (the plugin holds what it admitted and asks again):
 *
 * - `POST /edge/connect` `n` (username), `t` (token): `ok <idUser> <expiresAtMs>`, or 403 `no`.
 * - `POST /edge/subscribe` `u`, `t`, `f` (filter): `ok`, `no` (refused filter), or `gone` (the token no longer holds:
 *   the plugin disconnects the client), by {@link decideLiveSubscription}, the rule of the API's own /mqtt.
 * - `POST /edge/follow` `u`, `a` (idAuction): `ok` or `no`: may this user's client get this auction's messages now.
 * - `POST /edge/check` `u`, `t`: `ok` or `no`: does the token still hold for that user (logout, expiry, user disabled).
 */
export async function startLiveEdgeCheck(options: LiveEdgeCheckOptions): Promise<LiveEdgeCheck> {
  const server = createLiveEdgeServer(options);
  await listenOn(server, options.port, options.host);
  return {
    address: server.address() as AddressInfo,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * The edge check's HTTP server, not listening yet (see {@link startLiveEdgeCheck}). Its own errors (an accept failing
 * after listen) are logged, at most once a minute; its connections' are Node's (no 'upgrade' listener takes one away).
 */
export function createLiveEdgeServer(options: Omit<LiveEdgeCheckOptions, 'host' | 'port'>): Server {
  const expected = Buffer.from(`Bearer ${options.secret}`);
  const { access, logger } = options;
  const sessionOf = (idUser: string, token: string) => {
    const session = token ? access.authenticate(token) : null;
    return session && session.actor.idUser === idUser ? session : null;
  };
  const answer = async (path: string, form: URLSearchParams): Promise<[number, string]> => {
    const get = (key: string) => form.get(key) ?? '';
    switch (path) {
      case '/edge/connect': {
        const session = access.authenticate(get('t'));
        if (!session || session.actor.username.toLowerCase() !== get('n').toLowerCase()) return [403, 'no'];
        return [200, `ok ${session.actor.idUser} ${Math.floor(session.expiresAt)}`];
      }
      case '/edge/subscribe': {
        if (!sessionOf(get('u'), get('t'))) return [200, 'gone'];
        return [200, (await decideLiveSubscription(get('f'), get('u'), access)) ? 'ok' : 'no'];
      }
      case '/edge/follow':
        return [200, access.mayFollowAuction(get('u'), get('a')) ? 'ok' : 'no'];
      case '/edge/check':
        return [200, sessionOf(get('u'), get('t')) ? 'ok' : 'no'];
      default:
        return [404, 'no'];
    }
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const reply = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    const auth = Buffer.from(req.headers.authorization ?? '');
    if (req.method !== 'POST' || auth.length !== expected.length || !timingSafeEqual(auth, expected)) return reply(403, 'no');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      answer(new URL(req.url ?? '/', 'http://edge').pathname, form).then(([status, body]) => reply(status, body), (error: unknown) => {
        logger.warn('live edge check failed', { path: req.url, error: describeError(error) });
        reply(500, 'no');
      });
    });
  };
  const server: Server = createServer({ keepAliveTimeout: 120_000 }, handle);
  // The plugin keeps one connection open; an idle one is closed by the server after keepAliveTimeout (it reconnects).
  server.headersTimeout = 10_000;
  logServerErrors(server, 'live edge check', logger);
  return server;
}
