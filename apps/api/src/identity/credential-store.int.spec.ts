/**
 * The SQL credential store on the read models' connection (PGlite in memory; PostgreSQL too when DATABASE_URL is
 * set), and the start-up migration of password hashes that earlier releases wrote into `UserRegistered` bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PgliteEventStore } from '@auction/event-store';
import type { ReadModelDb } from '@auction/read-models';
import { READ_MODEL_MODES, freshPgliteCluster, withFreshReadModelDb } from '../testing/read-model-db.test-support.js';
import { migrateLegacyCredentials } from './legacy-credentials.js';
import { MemoryCredentialStore } from './memory-credential-store.test-support.js';
import { SqlCredentialStore } from './sql-credential-store.js';


describe.each(READ_MODEL_MODES)('SqlCredentialStore on %s', (mode) => {
  let db: ReadModelDb;

  withFreshReadModelDb(mode, ([opened]) => { db = opened!; });

  it('stores, replaces only what it expects, and lists who has no password', async () => {
    const store = new SqlCredentialStore(db);
    expect(await store.get('u1')).toBeNull();
    expect(await store.missing(['u1', 'u2'])).toEqual(['u1', 'u2']);
    expect(await store.setIfAbsent('u1', 'h1')).toBe(true);
    expect(await store.setIfAbsent('u1', 'other')).toBe(false);
    expect(await store.get('u1')).toBe('h1');
    expect(await store.replace('u1', 'not-h1', 'h2')).toBe(false);
    expect(await store.replace('u1', 'h1', 'h2')).toBe(true);
    expect(await store.get('u1')).toBe('h2');
    await store.set('u2', 'h3');
    expect(await store.missing(['u1', 'u2', 'u3'])).toEqual(['u3']);
    expect(await store.missing([])).toEqual([]);
    // A second store on the same database (another instance, a restart) sees the same table.
    expect(await new SqlCredentialStore(db).get('u2')).toBe('h3');
    // Not in the read-model schema, which a rebuild drops.
    const [row] = await db.query<{ schema: string }>("SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'user_credentials'");
    expect(row?.schema).toBe('public');
    expect(row?.schema).not.toBe(db.schema);
  });
});

describe('migration of legacy password hashes out of the event log', () => {
  let events: PgliteEventStore;
  const legacy = (idUser: string, passwordHash?: string) => ({
    type: 'UserRegistered',
    data: {
      idUser, username: idUser, roles: ['USER'], idDealer: null, idMarket: 'IT', preferredLanguage: 'en',
      consent1: true, consent2: true, consent3: true, flgEnabled: true, ...(passwordHash ? { passwordHash } : {}),
    },
  });

  beforeAll(async () => {
    const loadDataDir = await freshPgliteCluster();
    events = new PgliteEventStore(loadDataDir ? { loadDataDir } : {});
    await events.init();
    await events.append('user-old', 0, [legacy('old', 'scrypt$16384$8$1$c2FsdA$a2V5')]);
    await events.append('user-kept', 0, [legacy('kept', 'scrypt$16384$8$1$c2FsdA$b2xk')]);
    await events.append('user-new', 0, [legacy('new')]);
    await events.append('auction-x', 0, [{ type: 'AuctionScheduled', data: {} }]);
  });
  afterAll(() => events?.close());

  it('copies a legacy hash for users without a stored one, keeps stored ones, and is idempotent', async () => {
    const credentials = new MemoryCredentialStore();
    credentials.hashes.set('kept', 'scrypt$131072$8$1$bmV3$bmV3ZXI');
    expect(await migrateLegacyCredentials(events, credentials)).toBe(1);
    expect(Object.fromEntries(credentials.hashes)).toEqual({ old: 'scrypt$16384$8$1$c2FsdA$a2V5', kept: 'scrypt$131072$8$1$bmV3$bmV3ZXI' });
    expect(await migrateLegacyCredentials(events, credentials)).toBe(0);
  });
});
