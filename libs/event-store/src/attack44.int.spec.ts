import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from './contract.test-support.js';
import { WrongExpectedVersionError, type NewEvent } from './event-store.port.js';
import { PgliteEventStore } from './pglite-event-store.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { postgresTestSchema, settleAll, watchTransactionFailures } from './postgres.test-support.js';

/**
 * Attack 44 on the SQL event store: ids that UTF-8 cannot hold as given, poison appends beside good ones, a unit touching a
 * stream twice, a flush of 3,000 streams, and (PostgreSQL) two instances racing on the same streams.
 */
const { databaseUrl, schema } = postgresTestSchema('es_attack44');

type SqlStore = PostgresEventStore | PgliteEventStore;
const openPostgres = async (options: { maxBatchEvents?: number; poolSize?: number } = {}): Promise<SqlStore> => {
  const store = new PostgresEventStore(databaseUrl, { schema, maxBatchEvents: options.maxBatchEvents, pool: { max: options.poolSize ?? 4 } });
  await store.init();
  return store;
};
const openPglite = async (options: { maxBatchEvents?: number } = {}): Promise<SqlStore> => {
  const store = new PgliteEventStore({ maxBatchEvents: options.maxBatchEvents });
  await store.init();
  return store;
};

describe.each([
  ['postgres', openPostgres],
  ['pglite', openPglite],
] as const)('attack 44 on the %s event store', (_name, open) => {
  // One store for the suite (a PGlite start costs seconds), large enough a flush for the 3,000 streams.
  let store: SqlStore;
  beforeAll(async () => {
    store = await open({ maxBatchEvents: 5_000 });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('refuses a stream id or an event type with a lone surrogate, alone; two such ids are never merged into one stream', async () => {
    const p = `a${randomUUID().slice(0, 8)}-`;
    const outcomes = await settleAll([
      store.append(`${p}x\ud800`, 'any', events(1)),
      store.append(`${p}ok-1`, 0, events(1)),
      store.append(`${p}x\udbff`, 'any', events(1)),
      store.append(`${p}typed`, 0, [{ type: 'Bid\udc00', data: {} }]),
      store.appendMulti([{ streamId: `${p}ok-2`, expectedVersion: 0, events: events(1) }, { streamId: `${p}\udfff`, expectedVersion: 0, events: events(1) }]),
      store.append(`${p}ok-3`, 0, events(1)),
    ]);
    expect(outcomes.map((o) => (o === 'ok' ? o : o.message))).toEqual([
      expect.stringMatching(/lone UTF-16 surrogate/), 'ok', expect.stringMatching(/lone UTF-16 surrogate/),
      expect.stringMatching(/^event type .*lone UTF-16 surrogate/), expect.stringMatching(/lone UTF-16 surrogate/), 'ok',
    ]);
    // Before the fix both ids were written as `${p}x\ufffd`: one stream of two events, and the type came back as 'Bid\ufffd'.
    expect(await store.listStreams(p)).toEqual([`${p}ok-1`, `${p}ok-3`]);
    expect(await store.streamVersion(`${p}x\ufffd`)).toBe(0);
    expect(await store.readStream(`${p}typed`)).toEqual([]);
    // A surrogate pair is a character like any other.
    await store.append(`${p}pair-\ud83d\udd28`, 0, [{ type: 'Bid\ud83d\udd28', data: {} }]);
    expect((await store.readStream(`${p}pair-🔨`)).map((e) => e.type)).toEqual(['Bid🔨']);
  });

  it('refuses poison appends alone (the rest of the flush is written) and stores odd but valid ids as given', async () => {
    const p = `b${randomUUID().slice(0, 8)}-`;
    const odd = [`${p}🔨 lot 1`, `${p}a b`, `${p}100%`, `${p}%25`, `${p}_%\\'"`, `${p}tab\there`, `${p}ünïcødé`, `${p}${'é'.repeat(600)}`];
    const incompressible = `${p}big-${randomBytes(4_500).toString('hex')}`; // 9 kB that no compression shrinks
    const poison: [string, Promise<unknown>, RegExp][] = [
      ['NUL in an id', store.append(`${p}nul\u0000id`, 0, events(1)), /NUL character/],
      ['NUL in a type', store.append(`${p}nul-type`, 0, [{ type: 'A\u0000B', data: {} }]), /NUL character/],
      // The database refuses these: the flush fails and its appends are retried one by one.
      ['a 9 kB id', store.append(incompressible, 0, events(1)), /index row/],
      ['NUL in data', store.append(`${p}nul-data`, 0, [{ type: 'T', data: { text: 'a\u0000b' } }]), /\\u0000|unsupported Unicode/],
      // JSON.stringify escapes a lone surrogate ("\ud800"), which jsonb does not take.
      ['a lone surrogate in data', store.append(`${p}sur-data`, 0, [{ type: 'T', data: { text: 'a\ud800b' } }]), /invalid input syntax for type json/],
      ['a lone surrogate in metadata', store.append(`${p}sur-meta`, 0, [{ type: 'T', data: {}, metadata: { userId: '\udc00' } }]), /invalid input syntax for type json/],
    ];
    const good = odd.map((id) => store.append(id, 0, [{ type: 'Odd 🔨 %s', data: { id, pair: '🔨' } }]));
    const [refused, written] = [await settleAll(poison.map(([, append]) => append)), await settleAll(good)];
    refused.forEach((outcome, i) => {
      expect(outcome, poison[i]![0]).toBeInstanceOf(Error);
      expect((outcome as Error).message, poison[i]![0]).toMatch(poison[i]![2]);
    });
    expect(written).toEqual(odd.map(() => 'ok'));
    // Listed in the database's collation order: compared as sets.
    expect((await store.listStreams(p)).sort()).toEqual([...odd].sort());
    for (const id of odd) {
      const [event] = await store.readStream(id);
      expect(event).toMatchObject({ streamId: id, type: 'Odd 🔨 %s', data: { id, pair: '🔨' } });
    }
    // A 9 kB id the database compresses under its index row limit is a stream like another.
    const compressible = `${p}long-${'ab'.repeat(4_500)}`;
    expect((await store.append(compressible, 0, events(1))).nextVersion).toBe(1);
    expect(await store.streamVersion(compressible)).toBe(1);
  });

  it('applies a unit touching a stream twice in order, all or nothing, beside appends of the same stream', async () => {
    const s = `c${randomUUID().slice(0, 8)}`;
    const [twice, refused, after] = await settleAll([
      store.appendMulti([
        { streamId: s, expectedVersion: 0, events: events(2, 'First') },
        { streamId: `${s}-other`, expectedVersion: 0, events: events(1) },
        { streamId: s, expectedVersion: 2, events: events(1, 'Second') },
      ]),
      store.appendMulti([{ streamId: s, expectedVersion: 3, events: events(1, 'Lost') }, { streamId: s, expectedVersion: 3, events: events(1, 'Lost') }]),
      store.append(s, 3, events(1, 'After')),
    ]);
    expect(twice).toBe('ok');
    expect(refused).toBeInstanceOf(WrongExpectedVersionError);
    expect(refused).toMatchObject({ streamId: s, expectedVersion: 3, actualVersion: 4 });
    expect(after).toBe('ok');
    expect((await store.readStream(s)).map((e) => `${e.streamVersion}:${e.type}`)).toEqual(['1:First', '2:First', '3:Second', '4:After']);
    expect(await store.streamVersion(`${s}-other`)).toBe(1);
  });

  it('writes 3,000 streams in one flush', async () => {
    const p = `d${randomUUID().slice(0, 8)}-`;
    const before = store.stats().flushes;
    const results = await Promise.all(Array.from({ length: 3_000 }, (_, i) => store.append(`${p}${i}`, 0, events(1))));
    expect(store.stats().flushes - before).toBe(1);
    expect(new Set(results.map((r) => r.positions[0])).size).toBe(3_000);
    expect(results.every((r) => r.nextVersion === 1)).toBe(true);
    expect(await store.listStreams(p)).toHaveLength(3_000);
  });
});

describe('attack 44: two PostgreSQL instances (separate pools) racing on the same streams', () => {
  it('40 streams, 5 rounds, every unit with an expected version: exactly one winner each time, nothing lost, no deadlock', async () => {
    // Small flushes (4 units), so the two instances' flushes of one round interleave and both win some pairs.
    const stores = [await openPostgres({ poolSize: 3, maxBatchEvents: 8 }), await openPostgres({ poolSize: 3, maxBatchEvents: 8 })];
    const failures: unknown[] = [];
    for (const store of stores) watchTransactionFailures(store, failures);
    try {
      const p = `e${randomUUID().slice(0, 8)}-`;
      const id = (i: number) => `${p}${String(i).padStart(2, '0')}`;
      const won: number[][] = [];
      for (let round = 0; round < 5; round++) {
        // Units of two streams, their parts in opposite orders in the two instances.
        const unit = (store: number, pair: number): Promise<unknown> => {
          const ids = store === 0 ? [id(pair), id(39 - pair)] : [id(39 - pair), id(pair)];
          return stores[store]!.appendMulti(ids.map((streamId) => ({ streamId, expectedVersion: round, events: [won$(store, round)] })));
        };
        const outcomes = await settleAll(Array.from({ length: 20 }, (_, pair) => [unit(0, pair), unit(1, pair)]).flat());
        for (let pair = 0; pair < 20; pair++) {
          const [a, b] = [outcomes[2 * pair], outcomes[2 * pair + 1]];
          expect([a, b].filter((o) => o === 'ok'), `round ${round} pair ${pair}`).toHaveLength(1);
          expect([a, b].find((o) => o !== 'ok')).toBeInstanceOf(WrongExpectedVersionError);
          won.push([round, pair, a === 'ok' ? 0 : 1]);
        }
      }
      for (let pair = 0; pair < 20; pair++) {
        const expected = won.filter(([, wp]) => wp === pair).map(([round, , store]) => `won-${store}-${round}`);
        for (const streamId of [id(pair), id(39 - pair)]) {
          expect((await stores[0]!.readStream(streamId)).map((e) => e.type)).toEqual(expected);
        }
      }
      expect(failures.filter((e) => (e as { code?: string }).code === '40P01')).toEqual([]);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  }, 20_000);
});

const won$ = (store: number, round: number): NewEvent => ({ type: `won-${store}-${round}`, data: { store, round } });
