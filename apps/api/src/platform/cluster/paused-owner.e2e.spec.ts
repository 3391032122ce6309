/**
 * Review of issue 24 item 1: an instance paused past its lease (SIGSTOP) while holding a write another instance passed
 * to it must not run that write when it resumes: it no longer writes the auction (the other took it over and wrote
 * later offers meanwhile). Before the fix it ran it on resuming, out of arrival order (an offer that reached the
 * cluster first stored after one acknowledged seconds later, by an instance without the lease). Now it answers 503
 * with `x-auction-writer-moved`, the sender asks the new owner while its wait lasts, else the client gets 503
 * (not acknowledged, Retry-After). Two instances on a fresh database of the shared PostgreSQL and a topic of their own.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, ServerClock, createStorage, describeResult, sleep, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { createAuctionBody, eventually, paths, pollStatus, runTag, wholeSecondAfter, type AuctionView } from '../../testing/auction.test-support.js';
import { queryDb } from '../../testing/fanout.test-support.js';
import { shardOf } from './writer-ownership.js';

const SHARDS = 32;
/** Short: the paused owner loses its leases while paused. */
const LEASE_MS = 3_000;

describe('a write passed to an owner paused past its lease', () => {
  let storage: ServerStorage;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    storage = await createStorage('postgres');
    const env = {
      KAFKA_BROKERS: process.env.KAFKA_BROKERS!, KAFKA_TOPIC: `paused-owner-${runTag()}`,
      WRITER_LEASE_MS: String(LEASE_MS), WRITER_SHARDS: String(SHARDS), SESSION_SECRET: `paused-owner-${runTag()}-0123456789abcdef`,
    };
    servers.push(await startServer(storage, env));
    servers.push(await startServer(storage, { ...env, DEMO_DATA: 'false' }));
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) {
      try { process.kill(server.pid, 'SIGCONT'); } catch { /* gone */ }
      await server.stop();
    }
    await storage?.dispose();
  }, 120_000);

  const leaseOwners = async () => {
    const rows = await queryDb<{ shard: number; url: string }>(storage.databaseUrl!,
      `SELECT w.shard, i.url FROM writer_leases w JOIN api_instances i ON i.id = w.owner
       WHERE w.expires_at > (extract(epoch from clock_timestamp()) * 1000)::bigint`);
    return new Map(rows.map((r) => [Number(r.shard), r.url]));
  };

  test('the resumed ex-owner does not run the write it held: 503, and only the later offer is stored', async () => {
    const [a, b] = servers;
    const { value: owners } = await eventually(leaseOwners, (o) => expect(new Set(o.values()).size).toBe(2), 60_000);
    const auctioneer = await ApiClient.login(a.baseUrl, 'auctioneer');
    const clock = await ServerClock.sync(auctioneer);
    const startMs = wholeSecondAfter(clock, 3_000);
    const tag = runTag();
    let auction: AuctionView | undefined;
    for (let i = 0; !auction || owners.get(shardOf(auction.idAuction, SHARDS)) !== a.baseUrl; i++) {
      if (i >= 12) throw new Error('no auction fell on the first instance in 12 tries');
      const created = await auctioneer.post<AuctionView>(paths.auctions, {
        body: createAuctionBody({
          name: `E2E paused ${tag} ${i}`, startMs, endMs: startMs + 600_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
          lots: [{ licensePlate: `WG${tag}${i}`, basePrice: 100, minIncrement: 1 }],
        }),
      });
      expect(describeResult(created)).toMatch(/^201/);
      auction = created.body;
    }
    await pollStatus(auctioneer, clock, auction.idAuction, 'RUN', startMs + 10_000);
    const dealer = await ApiClient.login(b.baseUrl, 'dealer1');
    const idLot = auction.lots[0].idLot;

    const id = auction.idAuction;
    const t0 = Date.now();
    process.kill(a.pid, 'SIGSTOP');
    const first = dealer.post<{ errorCode?: number }>(`/api/v1/secure/auction/${id}/offer/${idLot}`, { body: { offer: 700 } });
    // Sent once the other instance has taken the auction over (the paused one's lease lapsed).
    await sleep(LEASE_MS * 2);
    const second = await dealer.post(`/api/v1/secure/auction/${id}/offer/${idLot}`, { body: { offer: 600 } });
    await sleep(12_000 - (Date.now() - t0));
    process.kill(a.pid, 'SIGCONT');
    const answer = await first;
    console.log(`paused owner: first ${Date.now() - t0} ms ${describeResult(answer)}; second ${describeResult(second)}`);
    expect(describeResult(second)).toMatch(/^201/);
    expect([answer.status, typeof answer.body.errorCode, answer.headers.get('retry-after')]).toEqual([503, 'number', '1']);
    const report = await (await ApiClient.login(b.baseUrl, 'auctioneer')).get<{ items: Array<{ offer: number }> }>(paths.report(id));
    expect(report.body.items.map((x) => x.offer)).toEqual([600]);
  }, 240_000);
});
