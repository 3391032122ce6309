/**
 * Issue 21 item 9 ("Done when"): the contracts' `Instant` fed with generated strings (fast-check), and the projector fed
 * with every instant the contracts accept, on PGlite and on PostgreSQL (DATABASE_URL): no accepted value makes a
 * projection fail, and an event a projection does fail on is parked while the others go on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb, type ReadModelDb } from './db/read-model-db.js';
import { acceptedInstant, checkInstantContract, describeInstantSuite } from './testing/instant-suite.test-support.js';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) throw new Error('DATABASE_URL is not set: run `eval "$(bash tools/infra/infra.sh env postgres)"` first.');
const schema = `rm_instants_${process.pid}_${Date.now().toString(36)}`;
let lite: ReadModelDb;
let pg: ReadModelDb;

beforeAll(async () => {
  [lite, pg] = await Promise.all([createReadModelDb({}), createReadModelDb({ databaseUrl, schema })]);
});
afterAll(async () => {
  const rows = await pg.query<{ name: string }>('SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE $1', [`${schema}%`]);
  for (const { name } of rows) await pg.dropSchema(name);
  await Promise.all([lite.close(), pg.close()]);
});

describe('the contracts\' Instant', () => {
  it('refuses instants outside years 0001-9999 once the offset is applied, and accepts the edges inside', () => {
    for (const refused of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '0001-01-01T00:00:00+01:00', '0000-12-31T23:59:59Z', '9999-12-31T23:00:00-01:00']) {
      expect({ refused, read: acceptedInstant(refused) }).toEqual({ refused, read: null });
    }
    expect(acceptedInstant('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00.000Z');
    expect(acceptedInstant('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
    expect(acceptedInstant('9999-12-31T09:59:59-14:00')).toBe('9999-12-31T23:59:59.000Z');
  });

  it('accepts, of any generated string, only real instants of years 0001-9999, read as the instant sent', () => {
    checkInstantContract();
  });
});

describeInstantSuite('pglite', () => ({ db: lite, schema: 'read_model', cleanup: async () => {} }));
describeInstantSuite('postgres', () => ({ db: pg, schema, cleanup: async () => {} }));
