/**
 * The candidate rule of anonymisation over the engine's index: who is listed (deleted or disabled by staff, or of a
 * DELETED or DISABLED dealer), with which reason and since when; who never is (staff, registrations never enabled,
 * the anonymised, enabled users); market scope; server-side sorting with a stable tiebreak.
 */
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@auction/event-store';
import type { Actor } from '../../identity/actor.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { AnonymisationCandidates } from './anonymisation-candidates.js';

const T = Date.UTC(2026, 10, 22, 10);
const admin: Actor = { idUser: 'adm', username: 'admin', roles: ['ADMIN'], idDealer: null, flgEnabled: true, adminEnabledMarket: ['IT'] };

function world(): { model: LiveReadModel; candidates: AnonymisationCandidates; add: (streamId: string, type: string, data: Record<string, unknown>) => void } {
  const model = new LiveReadModel();
  const candidates = new AnonymisationCandidates(model);
  let position = 0;
  const versions = new Map<string, number>();
  const add = (streamId: string, type: string, data: Record<string, unknown>) => {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    const event: StoredEvent = { streamId, streamVersion: version, position: ++position, type, data, metadata: { userId: 'adm' }, schemaVersion: 1, recordedAt: new Date(T) };
    model.apply([event]);
  };
  return { model, candidates, add };
}

function user(add: ReturnType<typeof world>['add'], idUser: string, o: { idDealer?: string | null; idMarket?: string; roles?: string[]; flgEnabled?: boolean } = {}) {
  add(`user-${idUser}`, 'UserRegistered', {
    idUser, username: `${idUser}@example.com`, roles: o.roles ?? ['USER', 'BUYER'], idDealer: o.idDealer ?? null, idMarket: o.idMarket ?? 'IT',
    preferredLanguage: 'it', consent1: true, consent2: true, consent3: true, flgEnabled: o.flgEnabled ?? true,
  });
}

function dealer(add: ReturnType<typeof world>['add'], idDealer: string, idReferenceUser: string) {
  add(`dealer-${idDealer}`, 'DealerRegistered', {
    idDealer, idMarket: 'IT', country: 'IT', region: 'MI', typeDealerActivity: 'DEALER', carSold: 'FROM_50_TO_100', buyingInterest: 'CARS',
    language: 'it', documents: [], idReferenceUser, registeredAt: new Date(T).toISOString(), status: 'PENDING', flgEnabled: false,
  });
}

describe('anonymisation candidates', () => {
  it('lists users deleted or disabled by staff and users of disabled or deleted dealers, with the reason and since when', () => {
    const { candidates, add } = world();
    user(add, 'u-disabled');
    add('user-u-disabled', 'UserEnabledChanged', { idUser: 'u-disabled', flgEnabled: false, by: 'adm', at: T + 1000 });
    user(add, 'u-deleted');
    add('user-u-deleted', 'UserDeleted', { idUser: 'u-deleted', by: 'adm', at: T + 2000 });
    user(add, 'u-of-disabled', { idDealer: 'D-DIS', flgEnabled: false });
    dealer(add, 'D-DIS', 'u-of-disabled');
    add('dealer-D-DIS', 'DealerEnabledChanged', { idDealer: 'D-DIS', flgEnabled: true, status: 'ENABLED', from: 'PENDING', by: 'adm', at: T + 3000 });
    add('dealer-D-DIS', 'DealerEnabledChanged', { idDealer: 'D-DIS', flgEnabled: false, status: 'DISABLED', from: 'ENABLED', by: 'adm', at: T + 4000 });
    user(add, 'u-of-deleted', { idDealer: 'D-DEL', flgEnabled: false });
    dealer(add, 'D-DEL', 'u-of-deleted');
    add('dealer-D-DEL', 'DealerDeleted', { idDealer: 'D-DEL', by: 'adm', at: T + 5000 });
    const rows = candidates.list(admin, { sortField: 'since', sortOrder: 'asc' });
    expect(rows.map((r) => [r.idUser, r.status, r.since])).toEqual([
      ['u-disabled', 'USER_DISABLED', new Date(T + 1000).toISOString()],
      ['u-deleted', 'USER_DELETED', new Date(T + 2000).toISOString()],
      ['u-of-disabled', 'DEALER_DISABLED', new Date(T + 4000).toISOString()],
      ['u-of-deleted', 'DEALER_DELETED', new Date(T + 5000).toISOString()],
    ]);
    expect(rows[0]).toMatchObject({ username: 'u-disabled@example.com', idDealer: null, idMarket: 'IT' });
    expect(candidates.list(admin, { sortField: 'since', sortOrder: 'desc' }).map((r) => r.idUser)[0]).toBe('u-of-deleted');
  });

  it('never lists staff, registrations never enabled, enabled users or the anonymised', () => {
    const { candidates, add } = world();
    user(add, 'staff', { roles: ['USER', 'CUSTOMER_CENTER'] });
    add('user-staff', 'UserEnabledChanged', { idUser: 'staff', flgEnabled: false, by: 'adm', at: T });
    user(add, 'pending', { idDealer: 'D-PEN', flgEnabled: false });
    dealer(add, 'D-PEN', 'pending');
    user(add, 'active');
    user(add, 'erased');
    add('user-erased', 'UserDeleted', { idUser: 'erased', by: 'adm', at: T });
    add('user-erased', 'UserAnonymised', { idUser: 'erased', by: 'adm', at: T + 1 });
    user(add, 're-enabled');
    add('user-re-enabled', 'UserEnabledChanged', { idUser: 're-enabled', flgEnabled: false, by: 'adm', at: T });
    add('user-re-enabled', 'UserEnabledChanged', { idUser: 're-enabled', flgEnabled: true, by: 'adm', at: T + 1 });
    expect(candidates.list(admin, { sortField: 'since', sortOrder: 'asc' })).toEqual([]);
  });

  it('never lists a user who can still act (enabled, not deleted) though its dealer is disabled or deleted, until it is disabled', () => {
    const { candidates, model, add } = world();
    user(add, 'u-back', { idDealer: 'D-DIS' });
    dealer(add, 'D-DIS', 'u-back');
    add('dealer-D-DIS', 'DealerEnabledChanged', { idDealer: 'D-DIS', flgEnabled: true, status: 'ENABLED', from: 'PENDING', by: 'adm', at: T + 1 });
    add('dealer-D-DIS', 'DealerEnabledChanged', { idDealer: 'D-DIS', flgEnabled: false, status: 'DISABLED', from: 'ENABLED', by: 'adm', at: T + 2 });
    user(add, 'u-left', { idDealer: 'D-DEL' });
    dealer(add, 'D-DEL', 'u-left');
    add('dealer-D-DEL', 'DealerDeleted', { idDealer: 'D-DEL', by: 'adm', at: T + 3 });
    expect(candidates.list(admin, { sortField: 'idUser', sortOrder: 'asc' })).toEqual([]);
    expect(candidates.candidateOf(model.users.get('user-u-back'))).toBeNull();
    add('user-u-back', 'UserEnabledChanged', { idUser: 'u-back', flgEnabled: false, by: 'adm', at: T + 4 });
    expect(candidates.list(admin, { sortField: 'idUser', sortOrder: 'asc' }).map((r) => [r.idUser, r.status])).toEqual([['u-back', 'USER_DISABLED']]);
  });

  it('keeps to the caller\'s markets, refuses another market, and sorts by any column with idUser as tiebreak', () => {
    const { candidates, add } = world();
    for (const [id, market] of [['b', 'IT'], ['a', 'IT'], ['c', 'DE']] as const) {
      user(add, id, { idMarket: market });
      add(`user-${id}`, 'UserDeleted', { idUser: id, by: 'adm', at: T });
    }
    expect(candidates.list(admin, { sortField: 'since', sortOrder: 'asc' }).map((r) => r.idUser)).toEqual(['a', 'b']);
    expect(candidates.list(admin, { sortField: 'username', sortOrder: 'desc' }).map((r) => r.idUser)).toEqual(['b', 'a']);
    expect(candidates.list({ ...admin, adminEnabledMarket: ['IT', 'DE'] }, { idMarket: 'DE', sortField: 'idUser', sortOrder: 'asc' }).map((r) => r.idUser)).toEqual(['c']);
    expect(() => candidates.list(admin, { idMarket: 'DE', sortField: 'since', sortOrder: 'asc' })).toThrow(AccessError);
  });
});
