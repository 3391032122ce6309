/**
 * Review of issue 24 item 1: a command sent as a GET (the mobile app's offer, `@ClaimInTurn`) is a write on its auction
 * all the same, so it runs on the auction's writer like the POST offer. Two instances on one PostgreSQL database (a
 * fresh one on the shared server) and a topic of their own: the owner of the auction is paused (SIGSTOP, its lease
 * still valid), and the mobile offer sent to the other instance must not be written there (before the fix it was
 * acknowledged at once by the non-owner: two writers of one auction); once the owner resumes, it answers the offer.
 * A HEAD of that route (the router's automatic HEAD of a GET) used to place the offer too: it is 405.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, ServerClock, createStorage, describeResult, sleep, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { createAuctionBody, eventually, paths, pollStatus, runTag, wholeSecondAfter, type AuctionView } from '../../testing/auction.test-support.js';
import { queryDb } from '../../testing/fanout.test-support.js';
import { shardOf } from './writer-ownership.js';

const SHARDS = 32;
/** Long enough that the paused owner keeps its leases while the test looks. */
const LEASE_MS = 20_000;
const QUIET_MS = 2_000;

describe('a write sent as a GET, with two instances', () => {
  let storage: ServerStorage;
  const servers: RunningServer[] = [];
  let last: { idAuction: string; idLot: string; dealer: ApiClient } | undefined;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    const env = {
      KAFKA_BROKERS: process.env.KAFKA_BROKERS!, KAFKA_TOPIC: `writes-by-get-${runTag()}`,
      WRITER_LEASE_MS: String(LEASE_MS), WRITER_SHARDS: String(SHARDS), SESSION_SECRET: `writes-by-get-${runTag()}-0123456789abcdef`,
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

  test('the mobile offer (GET) reaching the non-owner waits for the owner instead of being written there', async () => {
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
          name: `E2E get ${tag} ${i}`, startMs, endMs: startMs + 600_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
          lots: [{ licensePlate: `WG${tag}${i}`, basePrice: 100, minIncrement: 1 }],
        }),
      });
      expect(describeResult(created)).toMatch(/^201/);
      auction = created.body;
    }
    await pollStatus(auctioneer, clock, auction.idAuction, 'RUN', startMs + 10_000);
    const dealer = await ApiClient.login(b.baseUrl, 'dealer1');
    const idLot = auction.lots[0].idLot;

    process.kill(a.pid, 'SIGSTOP');
    const answer = dealer.get(`/api/v1/mobile/auction/${auction.idAuction}/offer/${idLot}?offer=150`, { idempotencyKey: `get-${tag}` });
    const early = await Promise.race([answer.then((r) => describeResult(r)), sleep(QUIET_MS).then(() => 'no answer while the owner is paused')]);
    process.kill(a.pid, 'SIGCONT');
    // Written by the non-owner while the owner held the lease, the offer would be acknowledged here.
    expect(early).toBe('no answer while the owner is paused');
    expect(describeResult(await answer)).toMatch(/^20/);
    last = { idAuction: auction.idAuction, idLot, dealer };
  }, 180_000);

  test('a HEAD of the mobile offer places nothing: 405 with Allow, on the owner and on the other instance', async () => {
    const { idAuction, idLot, dealer } = last!;
    const offerPath = (amount: number) => `/api/v1/mobile/auction/${idAuction}/offer/${idLot}?offer=${amount}`;
    for (const [server, amount] of [[servers[0], 300], [servers[1], 400]] as const) {
      const head = await fetch(`${server.baseUrl}${offerPath(amount)}`, { method: 'HEAD', headers: { token: dealer.credentials.token!, accept: 'application/json' } });
      expect([head.status, head.headers.get('allow')]).toEqual([405, 'GET']);
    }
    // Before the fix each HEAD placed its offer: 299 was then refused as below 401.
    const after = await dealer.get(offerPath(299), { idempotencyKey: `head-${runTag()}` });
    expect(describeResult(after)).toMatch(/^200/);
  }, 60_000);
});
