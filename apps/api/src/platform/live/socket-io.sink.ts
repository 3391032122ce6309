import { parseLiveTopic, type LiveSink } from '@auction/messaging';

/** socket.io rooms of the `/live` namespace. */
export const liveRooms = {
  /** Everyone who sent `subscribe {idAuction}`: gets `lot` and `auction` messages. */
  auction: (idAuction: string): string => `auction:${idAuction}`,
  /** Every socket of one user: gets its `outbid` notifications. */
  user: (idUser: string): string => `user:${idUser}`,
};

/** What the sink needs of a socket.io namespace. */
export interface RoomEmitter {
  to(room: string): { emit(event: string, ...args: unknown[]): boolean };
}

/**
 * The live channel on socket.io: maps MQTT topics to room emits with the same payloads.
 * `auction/{id}/lot/{idLot}` → `lot` and `auction/{id}` → `auction` to room `auction:{id}`;
 * `user/{idUser}/{name}` → `{name}` (e.g. `outbid`) to room `user:{idUser}`. Other topics are ignored.
 * Retention does not apply: a (re)subscribing client gets the current state in the `subscribe` answer.
 */
export class SocketIoSink implements LiveSink {
  readonly name = 'socket.io';

  /** `namespace` is read at each publish: the gateway's namespace exists only once the app is initialized. */
  constructor(private readonly namespace: () => RoomEmitter | undefined) {}

  publish(topic: string, payload: object): Promise<void> {
    const target = parseLiveTopic(topic);
    const ns = this.namespace();
    if (!target || !ns) return Promise.resolve();
    if (target.kind === 'user') ns.to(liveRooms.user(target.idUser)).emit(target.name, payload);
    else ns.to(liveRooms.auction(target.idAuction)).emit(target.kind, payload);
    return Promise.resolve();
  }
}
