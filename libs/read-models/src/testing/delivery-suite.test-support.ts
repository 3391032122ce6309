import { beforeAll, describe, expect, it } from 'vitest';
import { dumpTables, type TableDump } from '../dump-tables.js';
import { Projector } from '../projector.js';
import { chunks, projectInto, pureTables, type SuiteDb } from './int-support.test-support.js';
import { generateScenario, randomBatches, shuffledAcrossPartitions, type Scenario } from './scenario.test-support.js';

/** Delivery guarantees of the projector on a real database: at-least-once, ordered per auction only. */
export function describeDeliverySuite(name: string, suite: () => SuiteDb): void {
  describe(`${name}: projector delivery`, () => {
    let scenario: Scenario;
    let once: TableDump;

    beforeAll(async () => {
      scenario = generateScenario({ seed: 42 });
      await projectInto(suite().db, `${suite().schema}_once`, chunks(scenario.events, 100));
      once = await dumpTables(suite().db, `${suite().schema}_once`);
    });

    it('a single delivery writes exactly what the pure projections compute', () => {
      expect(once).toEqual(pureTables(scenario.events));
      expect(once['checkpoints']!.length).toBeGreaterThan(50);
    });

    it('every event delivered twice (each batch again, then the whole log again) changes nothing', async () => {
      const schema = `${suite().schema}_twice`;
      const projector = await projectInto(suite().db, schema, []);
      for (const batch of chunks(scenario.events, 100)) {
        await projector.apply(batch);
        await projector.apply(batch);
      }
      for (const batch of chunks(scenario.events, 333)) await projector.apply(batch);
      await projector.apply(scenario.events.slice(0, 50).flatMap((e) => [e, e]));
      expect(await dumpTables(suite().db, schema)).toEqual(once);
    });

    it('a fresh projector (empty memory) on the same tables skips what they already hold', async () => {
      const schema = `${suite().schema}_restart`;
      await projectInto(suite().db, schema, chunks(scenario.events.slice(0, 300), 70));
      const restarted = new Projector({ db: suite().db, schema });
      for (const batch of chunks(scenario.events, 90)) await restarted.apply(batch);
      expect(await dumpTables(suite().db, schema)).toEqual(once);
      expect(await restarted.resumePosition()).toBe(scenario.events.at(-1)!.position);
      const lastOfLot = scenario.events.filter((e) => e.streamId === 'lot-a0-l1').at(-1)!;
      expect(restarted.appliedPosition('lot-a0-l1')).toBe(lastOfLot.position);
    });

    it('with checkpoints cached (the embedded default), a restart on the same tables and redeliveries change nothing', async () => {
      const schema = `${suite().schema}_cached`;
      await projectInto(suite().db, schema, chunks(scenario.events.slice(0, 300), 70));
      const restarted = new Projector({ db: suite().db, schema, cacheCheckpoints: true });
      for (const batch of chunks(scenario.events, 90)) {
        await restarted.apply(batch);
        await restarted.apply(batch);
      }
      await restarted.apply(scenario.events.slice(0, 120));
      expect(await dumpTables(suite().db, schema)).toEqual(once);
      expect(await restarted.resumePosition()).toBe(scenario.events.at(-1)!.position);
    });

    it('auctions interleaved in another order, in batches of random sizes, with redeliveries, give the same tables', async () => {
      for (const seed of [1, 2]) {
        const schema = `${suite().schema}_shuffled`;
        const shuffled = shuffledAcrossPartitions(scenario.events, seed);
        const batches = randomBatches(shuffled, 150, seed);
        const projector = await projectInto(suite().db, schema, []);
        for (const [i, batch] of batches.entries()) {
          await projector.apply(batch);
          if (i % 3 === 0) await projector.apply(batches[Math.floor(i / 2)]!);
        }
        expect(await dumpTables(suite().db, schema)).toEqual(once);
      }
    });

    it('applies a batch of 1,000 events in one transaction quickly', async () => {
      const big = generateScenario({ seed: 9, auctions: 30, offersPerAuction: 80, lotsPerAuction: 6 }).events.slice(0, 4000);
      const projector = await projectInto(suite().db, `${suite().schema}_speed`, []);
      const times: number[] = [];
      for (const batch of chunks(big, 1000)) {
        const started = performance.now();
        await projector.apply(batch);
        times.push(Math.round(performance.now() - started));
      }
      console.log(`[${name}] ms per batch of 1,000 events: ${times.join(', ')}`);
      expect(Math.min(...times)).toBeLessThan(2000);
    });
  });
}
