import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { LiveCredentials } from '@auction/contracts';
import { CurrentSession } from '../../identity/auth.guard.js';
import type { Session } from '../../identity/auth.service.js';
import { SessionTokens } from '../../identity/session-tokens.js';
import { CLOCK, type Clock } from '../engine/tokens.js';
import { LIVE_CONFIG, type LiveConfig } from './live-config.js';

/**
 * Credentials of the live channel for a browser, whose session cookie is HttpOnly: a live token, never the session's
 * own token. A page script may read it, so it grants as little as possible: subscribing to the live channel (the
 * API refuses it as a credential), for `LIVE_TOKEN_TTL_SECONDS` at most and never beyond the session, and only
 * while that session lasts (it carries the session id). Only a session credential obtains one, so a live token
 * cannot be renewed with itself. With LIVE_EDGE=mosquitto it also names `url`, Mosquitto's WebSocket URL, where the
 * client subscribes instead of the API's `/mqtt` (the same token, checked by Mosquitto's plugin through the API).
 */
@Controller('api/v1/secure')
export class LiveCredentialsController {
  constructor(
    private readonly tokens: SessionTokens,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LIVE_CONFIG) private readonly config: LiveConfig,
  ) {}

  @Get('live-credentials')
  @Header('Cache-Control', 'no-store')
  liveCredentials(@CurrentSession() session: Session): LiveCredentials {
    const now = this.clock.now();
    const { token, claims } = this.tokens.issueLive(session.actor.idUser, session.sid, now, session.expiresAt);
    return {
      username: session.actor.username, password: token, path: '/mqtt',
      // LIVE_EDGE=mosquitto: subscribe on Mosquitto's WebSocket listener, not on this API's /mqtt.
      ...(this.config.edge ? { url: this.config.edge.publicUrl } : {}),
      expiresAt: new Date(claims.exp).toISOString(), expiresIn: Math.floor((claims.exp - now) / 1000),
    };
  }
}
