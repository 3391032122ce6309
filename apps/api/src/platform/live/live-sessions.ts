import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { USER } from '@auction/domain';
import { LiveConnections } from '@auction/messaging';
import { AuthService, type LiveSession } from '../../identity/auth.service.js';
import { CLOCK, type Clock } from '../engine/tokens.js';
import { LiveReadModel } from '../engine/live-read-model.js';

/** How often connections are looked at for an expired token, ms. */
export const LIVE_EXPIRY_SWEEP_MS = 1_000;

/**
 * Who may stay on the live channel, for the MQTT broker and the socket.io gateway alike. Both authenticate with
 * {@link authenticate} (a live token, or the mobile app's session token) and register each connection in
 * {@link connections}, one registry that closes it when its token expires and, as soon as this instance's read
 * model applies a change of its user's stream (a logout on any instance), when its session no longer holds.
 */
@Injectable()
export class LiveSessions implements OnModuleDestroy {
  readonly connections: LiveConnections;

  constructor(
    private readonly auth: AuthService,
    readModel: LiveReadModel,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.connections = new LiveConnections({ now: () => clock.now(), expirySweepMs: LIVE_EXPIRY_SWEEP_MS });
    readModel.onChange((event) => {
      if (event.streamId.startsWith(USER.prefix)) this.connections.recheckUser(event.streamId.slice(USER.prefix.length));
    });
  }

  /** The session of a live-channel credential, or null. */
  authenticate(token: string): LiveSession | null {
    return this.auth.authenticateLive(token);
  }

  /** Whether a connection's credential still holds for the user it was opened by. */
  stillValid(token: string, idUser: string): boolean {
    return this.auth.authenticateLive(token)?.actor.idUser === idUser;
  }

  /** Registers a connection opened with `token`; `close` ends it. Returns the unregister function (call it on disconnect). */
  track(token: string, session: LiveSession, close: () => void): () => void {
    const idUser = session.actor.idUser;
    return this.connections.add({ idUser, expiresAt: session.expiresAt, isValid: () => this.stillValid(token, idUser), close });
  }

  onModuleDestroy(): void {
    this.connections.stop();
  }
}
