/**
 * Offers on one lot keep their arrival order whatever their headers (issue 21 item 11), through HTTP against the real
 * built server on PostgreSQL: in each round two dealers offer the same amount, the second one a few milliseconds after
 * the first, one with an `Idempotency-Key` and one without. The first sent must win (201, leading) and the second
 * must be refused as a tie (422002), in every round, whichever of the two carries the key. Before the fix the key's
 * claim (a database write) ran before the offer took its place in the lot's queue, so the keyless offer sent later
 * overtook it.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, type ApiResult, ServerClock, sharedServer, sleep, type SharedServer,
} from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, paths, runTag } from '../testing/auction.test-support.js';

const ROUNDS = 24;
const GAP_MS = 3;

describe('arrival order of offers with and without Idempotency-Key (postgres)', () => {
  let shared: SharedServer | undefined;
  let auctioneer: ApiClient;
  let keyed: ApiClient;
  let keyless: ApiClient;

  beforeAll(async () => {
    shared = await sharedServer('postgres');
    const base = shared.server.baseUrl;
    [auctioneer, keyed, keyless] = await Promise.all(['auctioneer', 'dealer1', 'dealer2'].map((u) => ApiClient.login(base, u)));
  }, 240_000);

  afterAll(async () => {
    await shared?.release();
  });

  test(`${ROUNDS} rounds of a tie sent ${GAP_MS} ms apart: the first sent wins every round, keyed or not`, async () => {
    const clock = await ServerClock.sync(auctioneer);
    const tag = runTag();
    const created = await auctioneer.post<AuctionView>(paths.auctions, {
      body: createAuctionBody({
        name: `Order ${tag}`, startMs: clock.now() - 1000, endMs: clock.now() + 3_600_000, regulationRequired: false,
        extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [{ licensePlate: `OR${tag}1`, basePrice: 1000, minIncrement: 10 }],
      }),
    });
    expect(created.status).toBe(201);
    const { idAuction } = created.body;
    const idLot = created.body.lots[0]!.idLot;
    const offer = (client: ApiClient, amount: number, key?: string) =>
      client.post(paths.offer(idAuction, idLot), { body: { offer: amount }, ...(key ? { idempotencyKey: key } : {}) });
    // Warm up: both dealers' connections open, the lot and the auction loaded in the writer.
    expect((await offer(keyless, 1000)).status).toBe(201);
    await Promise.all([keyed.get(paths.time), keyless.get(paths.time)]);

    const outcomes: string[] = [];
    let amount = 1010;
    for (let round = 0; round < ROUNDS; round++) {
      const keyedFirst = round % 2 === 0;
      const send = (isKeyed: boolean) => (isKeyed ? offer(keyed, amount, `order-${tag}-${round}`) : offer(keyless, amount));
      const first = send(keyedFirst);
      await sleep(GAP_MS);
      const second = send(!keyedFirst);
      const [a, b] = await Promise.all([first, second]);
      const describe = (r: ApiResult) => `${r.status}${r.status === 201 ? '' : ` ${r.body?.errorCode}`}`;
      outcomes.push(`${keyedFirst ? 'keyed' : 'keyless'} first: first ${describe(a)}, second ${describe(b)}`);
      amount += 10;
    }
    const wrong = outcomes.filter((o) => !o.endsWith('first 201, second 422 422002'));
    expect(wrong).toEqual([]);
  }, 120_000);
});
