import { Inject, Injectable } from '@nestjs/common';
import { API_ERROR_CODES, type UserShowcasePage, type UserShowcaseQuery } from '@auction/contracts';
import { streamId } from '@auction/domain';
import { ShowcaseReadModel } from '@auction/read-models';
import { BACK_OFFICE_ROLES, hasRole, type Actor } from '../identity/actor.js';
import { AccessError } from '../platform/engine/access-error.js';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import { templatesVisibleTo } from '../platform/engine/sales-access.js';
import { CLOCK, FANOUT, type Clock } from '../platform/engine/tokens.js';
import { VEHICLE_RULES, type VehicleRules } from '../platform/engine/vehicle-rules.js';
import type { Fanout } from '../platform/fanout/fanout.js';

export type { SoldPage, SoldVehicleRow } from '@auction/read-models';
export { vehicleView } from './vehicle-view.js';

/** Read side of the showcase: the read-model tables (`libs/read-models`). */
@Injectable()
export class ShowcaseQueries extends ShowcaseReadModel {
  // The tables name users by id only (a username may be an e-mail address, erasable): names come from the engine's
  // index when answering, so an anonymised user reads `anonymous-<idUser>` everywhere at once.
  constructor(
    @Inject(FANOUT) fanout: Fanout, @Inject(CLOCK) clock: Clock, private readonly index: LiveReadModel,
    @Inject(VEHICLE_RULES) private readonly rules: VehicleRules,
  ) {
    super(fanout.db, { now: () => clock.now(), usernameOf: (idUser) => index.usernameOf(idUser), templatesOf: (viewer) => templatesVisibleTo(index, viewer) });
  }

  /**
   * One dealer user's showcase activity (its my lot, its holds, its purchases) as the caller may see it: the vehicles of
   * the provenances the caller sees by the vehicles' one rule (staff: those of their markets; an exhibitor: its dealer's),
   * and the typed-in ones of showcases it owns or, staff, of its markets. The user's market is the guard's business (the
   * back-office scope of `idUser`). Unknown user: 404060; not a dealer user (no BUYER role): 422223.
   */
  async userShowcase(actor: Actor, { idUser, ...page }: UserShowcaseQuery): Promise<UserShowcasePage> {
    const user = this.index.users.get(streamId.user(idUser));
    if (user?.status !== 'ACTIVE') throw new AccessError(404, API_ERROR_CODES.TARGET_USER_NOT_FOUND, 'user not found');
    if (!user.data.roles.includes('BUYER')) throw new AccessError(422, API_ERROR_CODES.SHOWCASE_USER_NOT_DEALER, 'the user is not a dealer user');
    const markets = hasRole(actor, BACK_OFFICE_ROLES) ? actor.adminEnabledMarket ?? [] : [];
    const scope = { provenances: this.rules.scope(actor).provenances, markets, idOwner: actor.idUser };
    const activity = await this.activity({ idUser, roles: user.data.roles }, scope, page);
    return { idUser, username: this.index.usernameOf(idUser), ...activity };
  }
}
