/**
 * Personal data staged before its event (issue 21 item 21): a refused event takes it back, a crash leaves it for the
 * sweep (kept when the subject's stream holds the token's event, taken back otherwise), an erasure is never undone,
 * and the e-mail index still refuses a taken address before any event is written.
 */
import { describe, expect, it } from '@jest/globals';
import type { EventStore, StoredEvent } from '@auction/event-store';
import type { ReadModelDb } from '@auction/read-models';
import { READ_MODEL_MODES, withFreshReadModelDb } from '../../testing/read-model-db.test-support.js';
import { PERSONAL_CHANGE_KEY, PersonalChanges } from './personal-changes.js';
import { SqlPersonalDataStore } from './personal-data.js';


/** An event log holding, per stream, the tokens of the events written. */
function log(): { store: EventStore; written: Map<string, string[]> } {
  const written = new Map<string, string[]>();
  const readStream = async (streamId: string) =>
    (written.get(streamId) ?? []).map((token) => ({ streamId, metadata: { [PERSONAL_CHANGE_KEY]: token } }) as unknown as StoredEvent);
  return { store: { readStream } as unknown as EventStore, written };
}

describe.each(READ_MODEL_MODES)('personal changes staged before their event on %s', (mode) => {
  let db: ReadModelDb;

  withFreshReadModelDb(mode, ([opened]) => { db = opened!; });

  it('a refused event takes the data back; a written one keeps it and forgets the record', async () => {
    const store = new SqlPersonalDataStore(db);
    const events = log();
    const changes = new PersonalChanges(store, events.store, 0);
    await store.merge('USER', 'r-1', { name: 'Ada', phone: '1' });
    await expect(changes.apply('USER', 'r-1', { phone: '2' }, async () => { throw new Error('refused'); })).rejects.toThrow('refused');
    expect(await store.get('USER', 'r-1')).toEqual({ name: 'Ada', phone: '1' });
    await changes.apply('USER', 'r-1', { phone: '3' }, async (token) => { events.written.set('user-r-1', [token!]); });
    expect(await store.get('USER', 'r-1')).toEqual({ name: 'Ada', phone: '3' });
    expect(await store.staged(0)).toEqual([]);
  });

  it('after a crash the sweep keeps a change whose event was written and takes back one whose event was not', async () => {
    const store = new SqlPersonalDataStore(db);
    const events = log();
    await store.merge('DEALER', 'c-1', { businessName: 'Old', city: 'Lodi' });
    const kept = await store.stage('DEALER', 'c-1', { businessName: 'New' });
    events.written.set('dealer-c-1', [kept.token]);
    await store.stage('DEALER', 'c-1', { city: 'Pavia' });
    await store.stage('USER', 'c-2', { name: 'Nobody' });
    await new PersonalChanges(store, events.store, 60_000).sweep();
    expect(await store.staged(0)).toHaveLength(3);
    await new PersonalChanges(store, events.store, 0).sweep();
    expect(await store.staged(0)).toEqual([]);
    expect(await store.get('DEALER', 'c-1')).toEqual({ businessName: 'New', city: 'Lodi' });
    expect(await store.get('USER', 'c-2')).toBeNull();
  });

  it('an undo leaves a later edit of the same field alone, and never writes back erased data', async () => {
    const store = new SqlPersonalDataStore(db);
    const events = log();
    await store.merge('USER', 'e-1', { phone: '1' });
    await store.stage('USER', 'e-1', { phone: '2' });
    await store.merge('USER', 'e-1', { phone: '9' });
    await store.merge('USER', 'e-2', { name: 'Eve', email: 'eve@example.com' });
    await store.stage('USER', 'e-2', { name: 'Eva' });
    await store.erase('USER', 'e-2');
    await new PersonalChanges(store, events.store, 0).sweep();
    expect(await store.get('USER', 'e-1')).toEqual({ phone: '9' });
    expect(await store.get('USER', 'e-2')).toBeNull();
  });

  it('a taken e-mail is refused, 409111, before any event, and nothing is staged', async () => {
    const store = new SqlPersonalDataStore(db);
    const changes = new PersonalChanges(store, log().store, 0);
    await store.merge('USER', 'm-1', { email: 'taken@example.com' });
    await store.merge('USER', 'm-2', { email: 'mine@example.com' });
    let wrote = false;
    await expect(changes.apply('USER', 'm-2', { email: 'taken@example.com' }, async () => { wrote = true; })).rejects.toMatchObject({ code: 409111 });
    expect(wrote).toBe(false);
    expect(await store.get('USER', 'm-2')).toEqual({ email: 'mine@example.com' });
    expect(await store.staged(0)).toEqual([]);
  });

  it('an undo whose earlier e-mail another user took meanwhile (a sign-up racing the change) completes, keeping the staged one', async () => {
    const store = new SqlPersonalDataStore(db);
    const changes = new PersonalChanges(store, log().store, 0);
    const [before, after] = [`race-old-${mode}@example.test`, `race-new-${mode}@example.test`];
    await store.merge('USER', `race-1-${mode}`, { name: 'Ada', email: before });
    await expect(changes.apply('USER', `race-1-${mode}`, { email: after, name: 'Eve' }, async () => {
      // The change freed the earlier address: someone signs up with it before the change's event is refused.
      await store.merge('USER', `race-2-${mode}`, { email: before });
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(await store.get('USER', `race-1-${mode}`)).toEqual({ name: 'Ada', email: after });
    expect(await store.staged(0)).toEqual([]);
  });

  it('a staged change that cannot be resolved does not hold back the sweep of the others', async () => {
    const store = new SqlPersonalDataStore(db);
    await store.merge('USER', `stuck-${mode}`, { name: 'Old' });
    const stuck = await store.stage('USER', `stuck-${mode}`, { name: 'New' });
    await store.stage('USER', `next-${mode}`, { name: 'Later' });
    // The first one's stream cannot be read (its store fails), the next one's can.
    const events = { readStream: async (id: string) => { if (id === `user-stuck-${mode}`) throw new Error('unreadable'); return []; } } as unknown as EventStore;
    await new PersonalChanges(store, events, 0).sweep();
    expect((await store.staged(0)).map((s) => s.token)).toEqual([stuck.token]);
    expect(await store.get('USER', `next-${mode}`)).toBeNull();
  });
});
