import { Body, Controller, Get, Header, Inject, Injectable, Put, Query } from '@nestjs/common';
import { API_ERROR_CODES, UserBuyerShowcase, UserBuyerShowcaseChange, UserBuyerShowcaseQuery } from '@auction/contracts';
import { decideUser, showcaseShut, streamId, type UserState } from '@auction/domain';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import type { Actor } from '../../identity/actor.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { StreamWriter } from '../../platform/engine/stream-writer.js';
import { CLOCK, STREAM_WRITER, type Clock } from '../../platform/engine/tokens.js';
import { NO_STORE_HEADER } from '../../platform/http/cache-policy.js';
import { parse } from '../../platform/http/validation.js';

/**
 * Whether the showcase is open to a dealer user (`/admin/user-buyer-showcase`, spec 02): open by default; the
 * back-office shuts it (`UserShowcaseAccessChanged` on the user's stream) and opens it again. Shut, the user gets
 * 403440 on every showcase call but `showcase-enabled` ({@link ShowcaseOpenGuard}). The user named passes the access
 * guard's market scope (`idUser`); unknown 404060; a user without the BUYER role 422223.
 */
@Injectable()
export class UserShowcaseAccess {
  constructor(
    private readonly index: LiveReadModel, @Inject(STREAM_WRITER) private readonly writer: StreamWriter, @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  get(idUser: string): UserBuyerShowcase {
    const user = this.dealerUser(idUser);
    return { idUser, username: this.index.usernameOf(idUser), flgEnabled: !showcaseShut(user) };
  }

  async set(actor: Actor, idUser: string, flgEnabled: boolean): Promise<UserBuyerShowcase> {
    this.dealerUser(idUser);
    const sid = streamId.user(idUser);
    const outcome = await this.writer.execute({
      streams: [sid],
      actor,
      metadata: { userId: actor.idUser },
      decide: (view) => [{ streamId: sid, events: decideUser({ type: 'SetShowcaseAccess', flgEnabled, by: actor.idUser, now: this.clock.now() }, view.state<UserState>(sid)) }],
      reply: () => undefined,
    });
    await this.index.waitFor(outcome.position);
    return this.get(idUser);
  }

  private dealerUser(idUser: string): Extract<UserState, { status: 'ACTIVE' }> {
    const user = this.index.users.get(streamId.user(idUser));
    if (user?.status !== 'ACTIVE' || user.deleted || user.anonymised) throw new AccessError(404, API_ERROR_CODES.TARGET_USER_NOT_FOUND, 'user not found');
    if (!user.data.roles.includes('BUYER')) throw new AccessError(422, API_ERROR_CODES.SHOWCASE_USER_NOT_DEALER, 'the user is not a dealer user');
    return user;
  }
}

/** `GET/PUT /api/v1/admin/user-buyer-showcase`: the showcase opened or shut to one dealer user. */
@Controller('api/v1/admin')
export class UserShowcaseAccessController {
  constructor(private readonly access: UserShowcaseAccess) {}

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('user-buyer-showcase')
  get(@Query() query: unknown): UserBuyerShowcase {
    return this.access.get(parse(UserBuyerShowcaseQuery, query, 'query').idUser);
  }

  @Roles('ADMIN')
  @Put('user-buyer-showcase')
  set(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<UserBuyerShowcase> {
    const { idUser, flgEnabled } = parse(UserBuyerShowcaseChange, body);
    return this.access.set(actor, idUser, flgEnabled);
  }
}
