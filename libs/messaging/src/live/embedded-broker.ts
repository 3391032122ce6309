import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { packetStream } from './ws-packet-stream.js';
import { LiveConnections } from './live-connections.js';
import { describeError, silentLiveLogger, type LiveLogger } from './live-logger.js';
import { maySubscribe } from './live-topics.js';

/** Who a connected MQTT client is. */
export interface LiveIdentity {
  readonly idUser: string;
  readonly username: string;
  /** When the credentials expire (epoch ms, on the clock of `connections`): the connection is closed then. */
  readonly expiresAt?: number;
}

/** Checks MQTT credentials: a token as password (the API's live token), the user's username as username. */
export type LiveAuthenticate = (username: string, password: string) => LiveIdentity | null;

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

  const broker = await Aedes.createBroker({
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
      done(null, maySubscribe(subscription.topic, auth.idUser) ? subscription : null);
    },
  });
  broker.on('clientError', (client, error) => logger.info('MQTT client error', { clientId: client.id, error: describeError(error) }));
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
      const stream = process.env['LIVE_WS_COALESCE'] === 'false' ? createWebSocketStream(ws) : packetStream(ws);
      stream.on('error', () => stream.destroy());
      broker.handle(stream, req);
    });
  };
  options.httpServer.on('upgrade', onUpgrade);

  let tcp: NetServer | null = null;
  const tcpSockets = new Set<Socket>();
  if (options.tcpPort) {
    tcp = createServer((socket) => {
      tcpSockets.add(socket);
      socket.on('close', () => tcpSockets.delete(socket));
      broker.handle(socket);
    });
    await new Promise<void>((resolve, reject) => {
      tcp!.once('error', reject);
      tcp!.listen(options.tcpPort, '127.0.0.1', () => {
        tcp!.off('error', reject);
        resolve();
      });
    }).catch(async (error: unknown) => {
      options.httpServer.off('upgrade', onUpgrade);
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      throw error;
    });
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
