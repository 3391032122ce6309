import { Inject, Logger } from '@nestjs/common';
import {
  Ack, ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer, type OnGatewayConnection,
  type OnGatewayDisconnect, type OnGatewayInit,
} from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import { z } from 'zod';
import { API_ERROR_CODES, Id } from '@auction/contracts';
import { ERROR_CODES } from '@auction/domain';
import { LivePublisher, type AuctionSnapshot } from '@auction/messaging';
import type { LiveSession } from '../../identity/auth.service.js';
import { SalesLookup } from '../engine/sales-lookup.js';
import { LiveReadModel } from '../engine/live-read-model.js';
import { auctionSeenNow, auctionVisibleTo } from '../engine/sales-access.js';
import { LiveSessions } from './live-sessions.js';
import { liveRooms } from './socket-io.sink.js';

/** Body of `subscribe` and `unsubscribe`. */
export const LiveSubscribeMessage = z.object({ idAuction: Id });

/** Answer to `subscribe`: the auction's current state, or an error as in HTTP. */
export type LiveSubscribeAnswer = AuctionSnapshot | { errorCode: number; errorMsg: string };

type AckFn = ((answer: unknown) => void) | undefined;

interface LiveSocketData {
  idUser: string;
  token: string;
  session: LiveSession;
  /** Unregisters the socket from the live sessions (set once connected). */
  untrack?: () => void;
}

/**
 * socket.io namespace `/live` (API.md "Live channel"). Clients connect with `auth: { token }` (a live token from
 * `GET /api/v1/secure/live-credentials`, or the mobile app's session token; anything else is refused with a
 * `connect_error` whose `data.errorCode` is 401001). The server disconnects a socket when its token expires, when
 * its session ends (logout) and when its user is no longer active ({@link LiveSessions}, as for MQTT). `subscribe
 * {idAuction}` joins room `auction:{idAuction}` and answers, through the ack, with the current state
 * `{ auction, lots }`; the server then emits `lot` and `auction` to the room (the MQTT payloads), and
 * `outbid` to each user's own sockets. `destroyUpgrade: false`: WebSocket upgrades of other paths
 * (MQTT at `/mqtt`) on the same server are left to their handlers.
 */
@WebSocketGateway({ namespace: '/live', destroyUpgrade: false, serveClient: false })
export class LiveGateway implements OnGatewayInit<Namespace>, OnGatewayConnection<Socket>, OnGatewayDisconnect<Socket> {
  @WebSocketServer() namespace?: Namespace;
  private readonly logger = new Logger('LiveGateway');

  constructor(
    private readonly sessions: LiveSessions,
    @Inject(LivePublisher) private readonly publisher: LivePublisher,
    private readonly model: LiveReadModel,
    private readonly sales: SalesLookup,
  ) {}

  afterInit(namespace: Namespace): void {
    // Who sees what, live: once a template's dealers or its state change, or an auction is moved to another template
    // (an edit), a socket whose user may no longer see an auction it follows leaves that auction's room (no further
    // message of it), within the event's arrival.
    this.model.onChange((event) => {
      if (event.streamId.startsWith('template-')) this.dropHiddenRooms(namespace);
      else if (event.streamId.startsWith('auction-')) this.dropHiddenRooms(namespace, liveRooms.auction(event.streamId.slice('auction-'.length)));
    });
    namespace.use((socket, next) => {
      const raw: unknown = socket.handshake.auth?.['token'];
      const token = typeof raw === 'string' ? raw : '';
      const session = token ? this.sessions.authenticate(token) : null;
      if (!session) {
        return next(Object.assign(new Error('not logged in'), { data: { errorCode: API_ERROR_CODES.NOT_LOGGED_IN } }));
      }
      socket.data = { idUser: session.actor.idUser, token, session } satisfies LiveSocketData;
      void socket.join(liveRooms.user(session.actor.idUser));
      next();
    });
  }

  /** A connected socket is registered until it disconnects: closed when its token expires or its session ends. */
  handleConnection(socket: Socket): void {
    const data = socket.data as LiveSocketData;
    if (!data?.session) return;
    data.untrack = this.sessions.track(data.token, data.session, () => socket.disconnect(true));
  }

  handleDisconnect(socket: Socket): void {
    (socket.data as LiveSocketData | undefined)?.untrack?.();
  }

  /** Every socket (of `only`'s room: of that auction's only) leaves the rooms of the auctions its user may no longer see. */
  private dropHiddenRooms(namespace: Namespace, only?: string): void {
    const members = only === undefined ? null : namespace.adapter.rooms.get(only);
    if (only !== undefined && !members) return;
    const sockets = members ? [...members].map((id) => namespace.sockets.get(id)).filter((socket) => socket !== undefined) : namespace.sockets.values();
    for (const socket of sockets) {
      const data = socket.data as LiveSocketData | undefined;
      if (!data?.session) continue;
      for (const room of only === undefined ? socket.rooms : [only]) {
        if (!room.startsWith('auction:')) continue;
        if (!auctionVisibleTo(this.model, data.session.actor, room.slice('auction:'.length))) void socket.leave(room);
      }
    }
  }

  /** Number of connected sockets, for metrics. */
  connectedClients(): number {
    return this.namespace?.sockets.size ?? 0;
  }

  @SubscribeMessage('subscribe')
  async subscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown, @Ack() ack: AckFn): Promise<void> {
    const answer = await this.subscribeAnswer(socket, body).catch((error: unknown) => {
      this.logger.error(`live subscribe failed: ${error instanceof Error ? error.message : String(error)}`);
      return { errorCode: API_ERROR_CODES.INTERNAL, errorMsg: 'internal error' };
    });
    if (typeof ack === 'function') ack(answer);
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown, @Ack() ack: AckFn): Promise<void> {
    const parsed = LiveSubscribeMessage.safeParse(body);
    if (parsed.success) await socket.leave(liveRooms.auction(parsed.data.idAuction));
    if (typeof ack === 'function') ack(parsed.success ? { ok: true } : badRequest());
  }

  private async subscribeAnswer(socket: Socket, body: unknown): Promise<LiveSubscribeAnswer> {
    const data = socket.data as LiveSocketData;
    // A token ended by a logout (or expired) since the connection no longer subscribes.
    if (!this.sessions.stillValid(data.token, data.idUser)) {
      setImmediate(() => socket.disconnect(true));
      return { errorCode: API_ERROR_CODES.SESSION_EXPIRED, errorMsg: 'session ended' };
    }
    const parsed = LiveSubscribeMessage.safeParse(body);
    if (!parsed.success) return badRequest();
    // Who sees what: an auction of a template the user is not enabled for answers as an unknown one (one this instance's
    // index does not know yet, another instance's of a moment ago, is read from the log).
    const notFound = { errorCode: ERROR_CODES.AUCTION_NOT_FOUND, errorMsg: 'auction not found' };
    if (!(await auctionSeenNow(this.model, this.sales, data.session.actor, parsed.data.idAuction, false))) return notFound;
    const room = liveRooms.auction(parsed.data.idAuction);
    // Join first, then read: an update published in between reaches the client too (it keeps the higher position).
    await socket.join(room);
    // An edit into a template the user does not see, applied while the auction was read from the log, left the rooms
    // before this socket joined: asked again of the index, now that the socket is in the room.
    if (!auctionVisibleTo(this.model, data.session.actor, parsed.data.idAuction)) {
      await socket.leave(room);
      return notFound;
    }
    const snapshot = await this.publisher.snapshot(parsed.data.idAuction);
    if (snapshot.auction) return snapshot;
    await socket.leave(room);
    return notFound;
  }
}

function badRequest(): { errorCode: number; errorMsg: string } {
  return { errorCode: API_ERROR_CODES.BAD_REQUEST, errorMsg: 'expected { idAuction }' };
}
