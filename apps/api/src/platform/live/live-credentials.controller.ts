import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { LiveCredentials } from '@auction/contracts';
import { CurrentSession } from '../../identity/auth.guard.js';
import type { Session } from '../../identity/auth.service.js';
import { SessionTokens } from '../../identity/session-tokens.js';
import { CLOCK, type Clock } from '../engine/tokens.js';

/**
 * Credentials of the live channel for a browser, whose session cookie is HttpOnly: a live token, never the session's
 * own token. A page script may read it, so it grants as little as possible: subscribing to the live channel (the
 * API refuses it as a credential), for `LIVE_TOKEN_TTL_SECONDS` at most and never beyond the session, and only
 * while that session lasts (it carries the session id). Only a session credential obtains one, so a live token
 * cannot be renewed with itself.
 */
@Controller('api/v1/secure')
export class LiveCredentialsController {
  constructor(private readonly tokens: SessionTokens, @Inject(CLOCK) private readonly clock: Clock) {}

  @Get('live-credentials')
  @Header('Cache-Control', 'no-store')
  liveCredentials(@CurrentSession() session: Session): LiveCredentials {
    const now = this.clock.now();
    const { token, claims } = this.tokens.issueLive(session.actor.idUser, session.sid, now, session.expiresAt);
    return {
      username: session.actor.username, password: token, path: '/mqtt',
      expiresAt: new Date(claims.exp).toISOString(), expiresIn: Math.floor((claims.exp - now) / 1000),
    };
  }
}
