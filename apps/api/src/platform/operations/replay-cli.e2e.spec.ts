import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ApiClient, DEMO_PASSWORD, ServerClock, sharedServer, type SharedServer } from '../../testing/server.test-support.js';
import { createAuctionBody, paths, runTag } from '../../testing/auction.test-support.js';

const run = promisify(execFile);
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../tools/replay/dist/cli.js');

/** Runs the replay CLI against the server; returns stdout. */
async function replay(server: { baseUrl: string }, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args, '--api', server.baseUrl, '--password', DEMO_PASSWORD], { timeout: 120_000 });
  return stdout;
}

describe('replay CLI against the running product (embedded default)', () => {
  let shared: SharedServer | undefined;
  let server: SharedServer['server'];

  beforeAll(async () => {
    shared = await sharedServer('embedded');
    server = shared.server;
  });
  afterAll(async () => {
    await shared?.release();
  });

  it('reproduces a lot\'s state at a chosen position, and rebuilds the read models while serving', async () => {
    const auctioneer = await ApiClient.login(server.baseUrl, 'auctioneer');
    const clock = await ServerClock.sync(auctioneer);
    const body = createAuctionBody({
      name: `replay ${runTag()}`, startMs: clock.now() - 1000, endMs: clock.now() + 600_000, regulationRequired: false,
      extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [{ licensePlate: 'RP001AA', basePrice: 1000, minIncrement: 50 }],
    });
    const created = await auctioneer.post(paths.auctions, { body });
    expect(created.status).toBe(201);
    const idAuction: string = created.body.idAuction;
    const idLot: string = created.body.lots[0].idLot;
    const dealers = await Promise.all([1, 2, 3].map((n) => ApiClient.login(server.baseUrl, `dealer${n}`)));
    let chosen: { lot: Record<string, unknown>; idOffer: string } | null = null;
    for (let i = 0; i < 9; i++) {
      const answer = await dealers[i % 3]!.post(paths.offer(idAuction, idLot), { body: { offer: 1000 + i * 50 } });
      expect(answer.status).toBe(201);
      if (i === 4) {
        const view = await auctioneer.get(paths.auction(idAuction));
        chosen = { lot: view.body.lots[0], idOffer: answer.body.idOffer };
      }
    }
    const admin = await ApiClient.login(server.baseUrl, 'admin');
    const stream = await admin.get(`/api/v1/admin/events/stream/lot-${idLot}`);
    const offerEvent = stream.body.find((e: { type: string; data: { idOffer: string } }) => e.type === 'OfferPlaced' && e.data.idOffer === chosen!.idOffer);
    const lines = (await replay(server, 'stream', `lot-${idLot}`, '--to-position', String(offerEvent.position), '--json')).trim().split('\n');
    expect(lines).toHaveLength(1 + 5);
    const last = JSON.parse(lines.at(-1)!) as { position: number; state: Record<string, unknown> };
    expect(last.position).toBe(offerEvent.position);
    for (const field of ['bestOffer', 'bestOfferId', 'offersCount', 'awardStatus', 'endDate', 'nextMinimumOffer', 'basePrice']) {
      expect(last.state[field]).toEqual(chosen!.lot[field]);
    }
    const table = await replay(server, 'stream', `lot-${idLot}`);
    expect(table).toMatch(/OfferPlaced/);
    expect(table.trim().split('\n')).toHaveLength(2 + 1 + 9);

    const rebuilt = await replay(server, 'rebuild');
    expect(rebuilt).toMatch(/rebuilt every read model from [\d,]+ events/);
    const after = await auctioneer.get(paths.auction(idAuction));
    expect(after.body.lots[0]).toMatchObject({ bestOffer: 1400, offersCount: 9 });
  });
});
