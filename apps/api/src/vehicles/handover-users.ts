import { Injectable } from '@nestjs/common';
import { API_ERROR_CODES, type HandOverUser, type HandOverUsersQuery, type Page } from '@auction/contracts';
import { takesHandOver, type Provenance } from '@auction/domain';
import type { Actor } from '../identity/actor.js';
import { hasRole } from '../identity/actor.js';
import { AccessError } from '../platform/engine/access-error.js';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import { ValidationError } from '../platform/http/validation.js';
import { VehicleAccess } from './vehicle-access.js';

/** Who hands vehicles over, by hand-over (the commands' roles: `PATCH /sendToSup`, `/sendToMultiAuctioneer`). */
export const HANDOVER_USERS_ROLES = { sendToSup: ['LOADER', 'ADMIN'], sendToMultiAuctioneer: ['AUCTIONEER', 'ADMIN'] } as const;

/**
 * `GET /vehicle-handover-users`: the users a hand-over dialog offers, by the commands' one rule (`takesHandOver` of the
 * domain), read from the engine's index of users. For `sendToSup` the provenance names the dealer, and the caller must
 * be one who hands its vehicles over: a LOADER of that dealer, an ADMIN of its market. An ADMIN is offered the users of
 * its markets only (the guard refuses a hand-over to another market's user).
 */
@Injectable()
export class HandOverUsers {
  constructor(private readonly live: LiveReadModel, private readonly access: VehicleAccess) {}

  list(actor: Actor, q: HandOverUsersQuery): Page<HandOverUser> {
    if (!hasRole(actor, HANDOVER_USERS_ROLES[q.action])) throw AccessError.role();
    const provenance = q.action === 'sendToSup' ? this.provenanceOf(actor, q.provenance) : undefined;
    const admin = actor.roles.includes('ADMIN');
    const markets = new Set(actor.adminEnabledMarket ?? []);
    const name = q.username?.trim().toLowerCase();
    const found: HandOverUser[] = [];
    for (const user of this.live.users.values()) {
      if (user.status !== 'ACTIVE' || !takesHandOver(user.data, q.action, provenance)) continue;
      const d = user.data;
      // An ADMIN only hands a LOADER's vehicles over in its markets; as another role, its own rule applies.
      if (admin && !hasRole(actor, ['LOADER', 'AUCTIONEER']) && !markets.has(d.idMarket)) continue;
      if (name && !d.username.toLowerCase().includes(name)) continue;
      found.push({ idUser: d.idUser, username: d.username, idDealer: d.idDealer, idMarket: d.idMarket });
    }
    found.sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()) || a.idUser.localeCompare(b.idUser));
    return { items: found.slice(q.offset, q.offset + q.limit), total: found.length, limit: q.limit, offset: q.offset };
  }

  /** The provenance of a `sendToSup` list: required (400), known (422220), one whose vehicles the caller hands over (403201). */
  private provenanceOf(actor: Actor, code: string | undefined): Provenance {
    if (!code?.trim()) throw new ValidationError('provenance is required for sendToSup', [{ field: 'provenance', rule: 'required' }]);
    const provenance = this.access.provenance(code.trim().toUpperCase());
    if (!provenance) throw new AccessError(422, API_ERROR_CODES.PROVENANCE_UNKNOWN, `no provenance ${code}`, [{ field: 'provenance', rule: 'unknown' }]);
    const admin = actor.roles.includes('ADMIN') && (actor.adminEnabledMarket ?? []).includes(provenance.idMarket);
    const loader = actor.roles.includes('LOADER') && actor.idDealer === provenance.idDealer;
    if (!admin && !loader) throw new AccessError(403, API_ERROR_CODES.VEHICLE_PROVENANCE_FORBIDDEN, 'this provenance\'s vehicles are handed over by its dealer\'s loaders');
    return provenance;
  }
}
