/**
 * The erasure's order and its checks at write time, over the engine's index and in-memory fakes of the stores:
 * a crash in the middle leaves what a retry needs to finish (the e-mails live in the personal data, erased last);
 * a user anonymised alone takes its dealer's reference-person fields with it; a re-enable that races the PUT
 * refuses the erasure.
 */
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@auction/event-store';
import type { Actor } from '../../identity/actor.js';
import type { PersonalData } from '../../identity/accounts/personal-data.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { AnonymisationCandidates } from './anonymisation-candidates.js';
import { AnonymisationService } from './anonymisation.service.js';

const T = Date.UTC(2026, 10, 22, 10);
const admin: Actor = { idUser: 'adm', username: 'admin', roles: ['ADMIN'], idDealer: null, flgEnabled: true, adminEnabledMarket: ['IT'] };

/** The index, the service over fakes, and what the fakes saw. */
function world(options: { failCredentialsOnce?: boolean; beforeDecide?: () => void } = {}) {
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
  const personal = new Map<string, PersonalData>();
  const tagErasures: Record<string, unknown>[] = [];
  const forgotten: string[] = [];
  const outboxForgotten: string[] = [];
  let failCredentials = options.failCredentialsOnce ?? false;
  const accounts = {
    personalData: {
      get: async (kind: string, id: string) => personal.get(`${kind}:${id}`) ?? null,
      erase: async (kind: string, id: string) => personal.delete(`${kind}:${id}`),
      merge: async (kind: string, id: string, data: PersonalData) => {
        const merged = { ...(personal.get(`${kind}:${id}`) ?? {}), ...data };
        personal.set(`${kind}:${id}`, merged);
        return merged;
      },
    },
    personalOf: async (idUser: string) => personal.get(`USER:${idUser}`) ?? {},
  };
  const writer = {
    execute: async (command: { decide: (view: unknown, now: number) => { streamId: string; events: { type: string; data: Record<string, unknown> }[] }[] }) => {
      options.beforeDecide?.();
      const view = { state: (sid: string) => model.users.get(sid) ?? { status: 'NONE' }, version: () => 0 };
      for (const decision of command.decide(view, T + 10_000)) for (const e of decision.events) add(decision.streamId, e.type, e.data);
      return { position, streams: [] };
    },
  };
  const service = new AnonymisationService(
    model as never, candidates, accounts as never,
    { release: async () => undefined } as never,
    { eraseSubject: async (subject: Record<string, unknown>) => { tagErasures.push(subject); return 0; } } as never,
    { eraseUser: async () => 0 } as never,
    writer as never,
    { delete: async () => { if (failCredentials) { failCredentials = false; throw new Error('connection lost'); } return true; } } as never,
    { delete: async () => false, deleteOwnedBy: async () => [] } as never,
    { catcher: { forget: (email: string) => { forgotten.push(email); return 1; } } } as never,
    { db: { schema: 'read_model', query: async () => [] } } as never,
    { caughtUp: async () => undefined } as never,
    { forgetPersonalData: async () => 0 },
    { forgetEmail: async (email: string) => { outboxForgotten.push(email); return 0; } } as never,
  );
  return { model, add, personal, tagErasures, forgotten, outboxForgotten, service };
}

function user(add: ReturnType<typeof world>['add'], idUser: string, idDealer: string | null, flgEnabled = true) {
  add(`user-${idUser}`, 'UserRegistered', {
    idUser, username: `${idUser}@example.com`, roles: ['USER', 'BUYER'], idDealer, idMarket: 'IT',
    preferredLanguage: 'it', consent1: true, consent2: true, consent3: true, flgEnabled,
  });
}

function dealer(add: ReturnType<typeof world>['add'], idDealer: string, idReferenceUser: string) {
  add(`dealer-${idDealer}`, 'DealerRegistered', {
    idDealer, idMarket: 'IT', country: 'IT', region: 'MI', typeDealerActivity: 'DEALER', carSold: 'FROM_50_TO_100', buyingInterest: 'CARS',
    language: 'it', documents: [], idReferenceUser, registeredAt: new Date(T).toISOString(), status: 'PENDING', flgEnabled: false,
  });
  add(`dealer-${idDealer}`, 'DealerEnabledChanged', { idDealer, flgEnabled: true, status: 'ENABLED', from: 'PENDING', by: 'adm', at: T + 1 });
}

const disable = (add: ReturnType<typeof world>['add'], idUser: string) =>
  add(`user-${idUser}`, 'UserEnabledChanged', { idUser, flgEnabled: false, by: 'adm', at: T + 2 });

describe('anonymisation service', () => {
  it('finishes on a retry after a crash in the middle: the e-mail still finds the invitations and the caught mail', async () => {
    const w = world({ failCredentialsOnce: true });
    user(w.add, 'u1', null);
    disable(w.add, 'u1');
    w.personal.set('USER:u1', { email: 'Ottorino@Example.com', name: 'Ottorino' });
    await expect(w.service.anonymise(admin, { idUser: 'u1' })).rejects.toThrow('connection lost');
    const retry = await w.service.anonymise(admin, { idUser: 'u1' });
    expect(retry).toMatchObject({ anonymisedUsers: [], alreadyAnonymised: ['u1'] });
    expect(w.tagErasures.filter((s) => s.email === 'ottorino@example.com').length).toBeGreaterThanOrEqual(1);
    expect(w.forgotten).toContain('ottorino@example.com');
    // The outboxes and mailing lists (registered erasers) were asked too, on the first try and on the retry.
    expect(w.outboxForgotten.filter((e) => e === 'ottorino@example.com').length).toBe(2);
    expect(w.personal.has('USER:u1')).toBe(false);
    // The retry after the crash erased the e-mail's traces again: it still knew the address.
    expect(w.forgotten.filter((e) => e === 'ottorino@example.com').length).toBe(2);
  });

  it('erases the dealer\'s reference-person fields (and its e-mail when it is theirs) with a user anonymised alone', async () => {
    const w = world();
    user(w.add, 'ref', 'D-1');
    dealer(w.add, 'D-1', 'ref');
    user(w.add, 'other', 'D-1');
    disable(w.add, 'ref');
    disable(w.add, 'other');
    w.personal.set('USER:ref', { email: 'ref@example.com', name: 'Ottorino' });
    w.personal.set('USER:other', { email: 'other@example.com', name: 'Gina' });
    const business = { businessName: 'Quarzo Autos', email: 'REF@example.com', vatCode: '01234567890', referenceName: 'Ottorino', referenceSurname: 'Quarzobrindisi',
      referenceFiscalCode: 'QRZTRN85T10A562X', referenceEmail: 'ref@example.com', referenceBirthDate: '1985-12-10', referenceFCA: null };
    w.personal.set('DEALER:D-1', business);
    await w.service.anonymise(admin, { idUser: 'other' });
    expect(w.personal.get('DEALER:D-1')).toEqual(business);
    const res = await w.service.anonymise(admin, { idUser: 'ref' });
    expect(res.erased.personalData).toBe(2);
    expect(w.personal.get('DEALER:D-1')).toEqual({ businessName: 'Quarzo Autos', email: null, vatCode: '01234567890', referenceName: null, referenceSurname: null,
      referenceFiscalCode: null, referenceEmail: null, referenceBirthDate: null, referenceFCA: null });
    expect((await w.service.anonymise(admin, { idUser: 'ref' })).erased.personalData).toBe(0);
  });

  it('refuses a user still enabled, and one re-enabled between the checks and the write (nothing erased)', async () => {
    const w = world();
    user(w.add, 'busy', 'D-2');
    dealer(w.add, 'D-2', 'busy');
    w.add('dealer-D-2', 'DealerEnabledChanged', { idDealer: 'D-2', flgEnabled: false, status: 'DISABLED', from: 'ENABLED', by: 'adm', at: T + 3 });
    w.personal.set('USER:busy', { email: 'busy@example.com' });
    const enabled = await w.service.anonymise(admin, { idUser: 'busy' }).catch((e: unknown) => e);
    expect(enabled).toBeInstanceOf(AccessError);
    expect((enabled as AccessError).code).toBe(409140);
    disable(w.add, 'busy');
    const raced = world({ beforeDecide: () => raced.add('user-busy', 'UserEnabledChanged', { idUser: 'busy', flgEnabled: true, by: 'adm', at: T + 5 }) });
    user(raced.add, 'busy', null);
    disable(raced.add, 'busy');
    raced.personal.set('USER:busy', { email: 'busy@example.com' });
    const error = await raced.service.anonymise(admin, { idUser: 'busy' }).catch((e: unknown) => e);
    expect((error as AccessError).code).toBe(409140);
    expect(raced.personal.has('USER:busy')).toBe(true);
    const state = raced.model.users.get('user-busy');
    expect(state?.status === 'ACTIVE' && state.anonymised).toBeFalsy();
  });
});
