import type { EventEmitter } from 'node:events';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { DEFAULT_MAX_BACKLOG_BYTES, packetStream } from './ws-packet-stream.js';
import { LiveConnections } from './live-connections.js';
import { describeError, silentLiveLogger, type LiveLogger } from './live-logger.js';
import { decideLiveSubscription } from './live-topics.js';
import { positionOf } from './payload-positions.js';
import { listenOn, logServerErrors } from './server-errors.js';

/** Who a connected MQTT client is. */
export interface LiveIdentity {
  readonly idUser: string;
  readonly username: string;
  /** When the credentials expire (epoch ms, on the clock of `connections`): the connection is closed then. */
  readonly expiresAt?: number;
}

/** Checks MQTT credentials: a token as password (the API's live token), the user's username as username. */
export type LiveAuthenticate = (username: string, password: string) => LiveIdentity | null;

/**
 * Topic filters one client may hold at once, by default (more are refused, SUBACK 0x80): each costs the broker memory
 * for as long as the connection lasts and work on every SUBSCRIBE (a flood of thousands of wildcard filters held an
 * instance's event loop for seconds); the web client holds a handful.
 */
export const DEFAULT_MAX_CLIENT_SUBSCRIPTIONS = 256;

/** Options of {@link startEmbeddedBroker}. */
export interface EmbeddedBrokerOptions {
  /** The API's HTTP server: MQTT over WebSocket is served on `wsPath` of it. */
  readonly httpServer: HttpServer;
  /** Default `/mqtt`. */
  readonly wsPath?: string;
  /** Plain MQTT on 127.0.0.1:tcpPort; 0 or undefined: no TCP listener. */
  readonly tcpPort?: number;
  readonly authenticate: LiveAuthenticate;
  readonly logger?: LiveLogger;
  /**
   * Where connected clients are registered, so that they are closed when their credentials expire or end (the
   * owner calls `recheckUser` on a logout). Default: a registry of this broker's own.
   */
  readonly connections?: LiveConnections;
  /** With the default registry: how often every client's credentials are checked again in full; default 60 s, 0 = never. */
  readonly recheckMs?: number;
  /**
   * Bytes a client may have waiting (sent by the broker, not yet taken by the client) before it is disconnected, so a
   * client that stops reading never holds up the others; default {@link DEFAULT_MAX_BACKLOG_BYTES} (8 MiB).
   */
  readonly maxClientBacklogBytes?: number;
  /** Topic filters one client may hold at once; default {@link DEFAULT_MAX_CLIENT_SUBSCRIPTIONS}. */
  readonly maxClientSubscriptions?: number;
  /**
   * May user `idUser` follow auction `idAuction` (the product's rule of who sees what)? Asked when a client subscribes to a
   * topic of one auction, and for every message of an auction forwarded to it: once the user may no longer see the
   * auction (its template disabled for its dealer), nothing more of it reaches the client. Default: every auction.
   */
  readonly mayFollowAuction?: (idUser: string, idAuction: string) => boolean;
  /**
   * May user `idUser` subscribe to the topics of auction `idAuction`? Asked of each subscription to one auction's
   * topics, and may look further than {@link mayFollowAuction} (the product reads an auction its index does not know
   * yet from the log). Default: {@link mayFollowAuction}.
   */
  readonly maySubscribeAuction?: (idUser: string, idAuction: string) => Promise<boolean>;
}

/** A running embedded broker. */
export interface EmbeddedBroker {
  readonly broker: Aedes;
  readonly wsPath: string;
  /** The TCP listener's address, when there is one. */
  readonly tcpAddress: AddressInfo | null;
  /** Connected MQTT clients (WebSocket and TCP), for metrics. */
  connectedClients(): number;
  /** Stops accepting, disconnects every client, closes the broker. */
  close(): Promise<void>;
}

/** How long after a SUBSCRIBE its retained messages are checked against what the client already got. */
const RETAINED_WINDOW_MS = 30_000;

interface ClientAuth extends LiveIdentity {
  readonly password: string;
}

/**
 * Starts an aedes broker (MQTT 3.1.1: clients must connect with protocolVersion 4) as the authenticating
 * edge of the live channel. CONNECT needs the user's username and a token (see `authenticate`); a client may subscribe to
 * `auction/…` and to its own `user/{idUser}/…` only (other filters get a SUBACK failure), and may never
 * publish (such a client is disconnected). A client is closed when its credentials expire or end (`connections`),
 * and when they no longer hold at its next SUBSCRIBE. Messages come in through `broker.publish` in this process.
 * WebSocket upgrades of other paths (socket.io's) are left alone.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const wsPath = options.wsPath ?? '/mqtt';
  const logger = options.logger ?? silentLiveLogger;
  const identities = new WeakMap<Client, ClientAuth>();
  const connections = options.connections ?? new LiveConnections({ recheckAllMs: options.recheckMs, logger });
  const untrack = new WeakMap<Client, () => void>();
  const check = (username: string, password: string): LiveIdentity | null => {
    try {
      return options.authenticate(username, password);
    } catch (error) {
      logger.warn('MQTT authentication failed with an error', { error: describeError(error) });
      return null;
    }
  };

  // aedes sends a SUBSCRIBE's retained messages after the subscription is live, one topic after the other: a message
  // published meanwhile can reach the client first, and the retained copy would then take its topic back to an older
  // (or the same) position. For a while after each SUBSCRIBE, the newest position forwarded to the client per topic is
  // kept, and a retained copy at or below it is not sent.
  const mayFollow = options.mayFollowAuction ?? (() => true);
  const maySubscribeAuction = options.maySubscribeAuction ?? (async (idUser: string, idAuction: string) => mayFollow(idUser, idAuction));
  const afterSubscribe = new WeakMap<Client, { until: number; topics: Map<string, number> }>();
  const maxBacklog = options.maxClientBacklogBytes ?? DEFAULT_MAX_BACKLOG_BYTES;
  const maxSubscriptions = options.maxClientSubscriptions ?? DEFAULT_MAX_CLIENT_SUBSCRIPTIONS;
  /** The filters each client holds or is being granted (reserved before the decision, so one SUBSCRIBE cannot pass the cap). */
  const held = new WeakMap<Client, Set<string>>();
  const dropSlow = (clientId: string, backlog: number) =>
    logger.warn('MQTT client dropped: it did not read what it was sent', { clientId, backlogBytes: backlog, maxBytes: maxBacklog });
  const broker = await Aedes.createBroker({
    // Backstop only: clients are dropped by their backlog (below) long before aedes would wait for one to drain.
    drainTimeout: 5_000,
    authenticate: (client, username, password, done) => {
      const identity = username && password ? check(username, password.toString('utf8')) : null;
      if (!identity) return done(authError('bad username or token', 4), false);
      const holder = (broker as unknown as { clients: Record<string, Client | undefined> }).clients[client.id];
      const holderIdentity = holder && identities.get(holder);
      // A client id in use by another user cannot be taken over (that would disconnect them).
      if (holderIdentity && holderIdentity.idUser !== identity.idUser) return done(authError('client id in use', 2), false);
      identities.set(client, { ...identity, password: password!.toString('utf8') });
      done(null, true);
    },
    authorizePublish: (_client, packet, done) => done(new Error(`clients may not publish (topic ${packet.topic})`)),
    authorizeSubscribe: (client, subscription, done) => {
      const auth = identities.get(client);
      const stillValid = auth && check(auth.username, auth.password)?.idUser === auth.idUser;
      if (!auth || !stillValid) {
        client.close();
        return done(null, null);
      }
      const filters = held.get(client) ?? new Set<string>();
      held.set(client, filters);
      const reserved = !filters.has(subscription.topic);
      if (reserved && filters.size >= maxSubscriptions) return done(null, null);
      filters.add(subscription.topic);
      const decide = (allowed: boolean) => {
        if (!allowed && reserved) filters.delete(subscription.topic);
        if (allowed) {
          const until = Date.now() + RETAINED_WINDOW_MS;
          const recent = afterSubscribe.get(client);
          if (recent) recent.until = until;
          else afterSubscribe.set(client, { until, topics: new Map() });
        }
        done(null, allowed ? subscription : null);
      };
      // The one rule, shared with Mosquitto's edge plugin (the API's edge check).
      decideLiveSubscription(subscription.topic, auth.idUser, { maySubscribeAuction }).then(decide, (error: unknown) => {
        logger.warn('MQTT subscription refused: who sees what could not be decided', { topic: subscription.topic, error: describeError(error) });
        decide(false);
      });
    },
    authorizeForward: (client, packet) => {
      if (options.mayFollowAuction && packet.topic.startsWith('auction/')) {
        const identity = identities.get(client);
        const idAuction = packet.topic.split('/')[1] ?? '';
        if (identity && !mayFollow(identity.idUser, idAuction)) return null;
      }
      // A TCP client that stopped reading (WebSocket clients are bounded by their stream, see packetStream).
      const conn = (client as unknown as { conn?: { writableLength?: number; destroy?: () => void } }).conn;
      if (conn && (conn.writableLength ?? 0) > maxBacklog) {
        dropSlow(client.id, conn.writableLength ?? 0);
        conn.destroy?.();
        return null;
      }
      const recent = afterSubscribe.get(client);
      if (!recent) return packet;
      if (Date.now() > recent.until) {
        afterSubscribe.delete(client);
        return packet;
      }
      const position = positionOf(packet.payload);
      if (position === undefined) return packet;
      const last = recent.topics.get(packet.topic) ?? 0;
      if (packet.retain && position <= last) return null;
      if (position > last) recent.topics.set(packet.topic, position);
      return packet;
    },
  });
  broker.on('unsubscribe', (topics, client) => {
    const filters = client && held.get(client);
    for (const topic of topics) filters?.delete(topic);
  });
  broker.on('clientError', (client, error) => logger.info('MQTT client error', { clientId: client.id, error: describeError(error) }));
  // aedes emits 'error' on itself when its persistence fails (clearing wills, enqueueing a message): without a listener
  // Node throws it and the whole API process ends. Logged instead; the broker keeps serving the clients it can.
  // (aedes' types name only 'clientError' and 'connectionError'; the broker is an EventEmitter.)
  (broker as unknown as EventEmitter).on('error', (error: unknown) => logger.error('MQTT broker error', { error: describeError(error) }));
  // Registered once CONNACK'ed: closed by the registry when the credentials expire or end (logout).
  broker.on('client', (client) => {
    const auth = identities.get(client);
    if (!auth) return;
    untrack.set(client, connections.add({
      idUser: auth.idUser,
      expiresAt: auth.expiresAt ?? Number.POSITIVE_INFINITY,
      isValid: () => check(auth.username, auth.password)?.idUser === auth.idUser,
      close: () => client.close(),
    }));
  });
  broker.on('clientDisconnect', (client) => {
    untrack.get(client)?.();
    untrack.delete(client);
  });

  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(req) !== wsPath) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      // LIVE_WS_COALESCE=false restores one frame per piece (kept for A/B measurements in BENCHMARKS.md).
      const stream = process.env['LIVE_WS_COALESCE'] === 'false'
        ? createWebSocketStream(ws)
        : packetStream(ws, maxBacklog, (backlog) => dropSlow(`websocket ${req.socket.remoteAddress ?? ''}:${req.socket.remotePort ?? ''}`, backlog));
      stream.on('error', () => stream.destroy());
      broker.handle(stream, req);
    });
  };
  options.httpServer.on('upgrade', onUpgrade);

  let tcp: NetServer | null = null;
  const tcpSockets = new Set<Socket>();
  if (options.tcpPort) {
    // Writes are buffered up to the backlog limit (then the client is dropped) instead of waiting for the client.
    tcp = createServer({ highWaterMark: maxBacklog }, (socket) => {
      tcpSockets.add(socket);
      socket.on('close', () => tcpSockets.delete(socket));
      broker.handle(socket);
    });
    await listenOn(tcp, options.tcpPort, '127.0.0.1').catch(async (error: unknown) => {
      options.httpServer.off('upgrade', onUpgrade);
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      throw error;
    });
    // A failed accept (out of file descriptors) must not end the process; each socket's errors are aedes's (its client).
    logServerErrors(tcp, 'MQTT TCP listener', logger);
  }

  return {
    broker, wsPath,
    tcpAddress: tcp ? (tcp.address() as AddressInfo) : null,
    connectedClients: () => broker.connectedClients,
    close: async () => {
      if (!options.connections) connections.stop();
      options.httpServer.off('upgrade', onUpgrade);
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      if (tcp) {
        for (const socket of tcpSockets) socket.destroy();
        await new Promise<void>((resolve) => tcp!.close(() => resolve()));
      }
    },
  };
}

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

function pathOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://localhost').pathname;
  } catch {
    return '';
  }
}
