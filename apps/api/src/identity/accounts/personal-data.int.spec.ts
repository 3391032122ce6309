/**
 * The personal-data store's e-mail uniqueness (issue 21 item 21): two instances (two stores, each on its own
 * connection to one database) giving two users one e-mail at the same moment. The services' check ("no other user has
 * it") runs in each instance and cannot see the other's write: the database's unique index is what holds.
 */
import { describe, expect, it } from '@jest/globals';
import type { ReadModelDb } from '@auction/read-models';
import { READ_MODEL_MODES, withFreshReadModelDb } from '../../testing/read-model-db.test-support.js';
import { SqlPersonalDataStore } from './personal-data.js';


describe.each(READ_MODEL_MODES)('personal data: one user per e-mail on %s', (mode) => {
  const dbs: ReadModelDb[] = [];

  // PGlite is one process's database: its "second instance" is a second store on the same connection.
  withFreshReadModelDb(mode, (opened) => { dbs.push(...opened); }, 2);

  it('two instances giving two users one e-mail at once: one wins, the other is 409111', async () => {
    const [a, b] = [new SqlPersonalDataStore(dbs[0]!), new SqlPersonalDataStore(dbs[1]!)];
    await a.merge('USER', 'u-1', { email: 'one@example.com' });
    await b.merge('USER', 'u-2', { email: 'two@example.com' });
    const results = await Promise.allSettled([a.merge('USER', 'u-1', { email: 'Same@Example.com' }), b.merge('USER', 'u-2', { email: 'same@example.com' })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ httpStatus: 409, code: 409111 });
    expect(await a.idsByEmail('USER', 'same@example.com')).toHaveLength(1);
  });

  it('dealers may share an address (two companies, one accountant); a user may keep its own; an erased one frees it', async () => {
    const store = new SqlPersonalDataStore(dbs[0]!);
    await store.merge('DEALER', 'd-1', { email: 'office@example.com' });
    await store.merge('DEALER', 'd-2', { email: 'office@example.com' });
    await store.merge('USER', 'u-3', { email: 'office@example.com' });
    await store.merge('USER', 'u-3', { email: 'office@example.com', name: 'Ada' });
    await expect(store.merge('USER', 'u-4', { email: 'OFFICE@example.com' })).rejects.toMatchObject({ code: 409111 });
    await store.merge('USER', 'u-5', { email: null });
    await store.merge('USER', 'u-6', { email: null });
    await store.erase('USER', 'u-3');
    await expect(store.merge('USER', 'u-4', { email: 'office@example.com' })).resolves.toMatchObject({ email: 'office@example.com' });
  });
});
