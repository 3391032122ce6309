/**
 * The lot-outcome reactor's checkpoint (review of #22 item 5): a restart re-checks only the lots with an event after
 * the position up to which every lot event was handled, not the whole history, and a lot whose outcome was written but
 * whose vehicle was not moved yet (the product stopped in between: a test-only SIGKILL, `TEST_CRASH_AT`) is among them,
 * so its unsold vehicle still goes back to stock. Through HTTP against the real built server, embedded.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, ServerClock, createStorage, okBody, startServer, type RunningServer, type ServerStorage,
} from '../testing/server.test-support.js';
import { eventually, paths, runTag, wholeSecondAfter } from '../testing/auction.test-support.js';

const S = '/api/v1/secure';
type Row = Record<string, any>;
const RECHECK = /checked (\d+) of (\d+) lots \(those with an event after the checkpoint, position (\d+)\)/;

describe('the lot-outcome reactor\'s checkpoint (embedded)', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.kill();
    await storage?.dispose();
  });

  test('stopped between a lot\'s end and its vehicle\'s move: the restart puts the unsold vehicle back, checking only the lots after the checkpoint', async () => {
    storage = await createStorage('embedded');
    server = await startServer(storage, { TEST_CRASH_AT: 'lot-outcome:before-move', NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const first = RECHECK.exec(server.output());
    // The first start has no checkpoint: every lot (the demo auction's) is checked.
    expect(first && [Number(first[1]), Number(first[3])]).toEqual([Number(first?.[2]), 0]);
    const auctioneer = await ApiClient.login(server.baseUrl, 'auctioneer');
    const clock = await ServerClock.sync(auctioneer);
    const start = wholeSecondAfter(clock, 1500);
    const end = start + 5000;
    const created = await okBody<Row>(auctioneer.post(paths.auctions, {
      body: {
        auctionName: `Checkpoint ${runTag()}`, idMarket: 'IT', auctionType: 'OTH', regulationRequired: false,
        startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString(), extension: { windowSeconds: 0, extendSeconds: 0 },
        lots: [{ idVehicle: 'V-DEMO-6', licensePlate: 'TYPED', brand: 'Typed', model: 'Typed', basePrice: 5000, minIncrement: 100 }],
      },
    }), 'create');
    expect((await okBody<Row>(auctioneer.get(`${S}/vehicle/V-DEMO-6`), 'in the auction')).status).toBe('IN_AUCTION');

    // The lot closes without an offer (unsold): the reactor is about to move the vehicle when the process dies.
    let timer: NodeJS.Timeout | undefined;
    const exit = await Promise.race([server.exited, new Promise<null>((r) => { timer = setTimeout(() => r(null), end - clock.now() + 30_000); })]);
    clearTimeout(timer);
    expect(exit?.signal).toBe('SIGKILL');

    server = await startServer(storage, { LOG_LEVEL: 'info' });
    const loader = await ApiClient.login(server.baseUrl, 'loader');
    await eventually(() => okBody<Row>(loader.get(`${S}/vehicle/V-DEMO-6`), 'vehicle'), (v) => expect([v.status, v.idAuction]).toEqual(['STOCK', null]), 15_000);
    expect((await okBody<Row>(loader.get(`${S}/vehicle/V-DEMO-6/auctions`), 'history')).items.map((h: Row) => h.idAuction)).toContain(created.idAuction);
    // The restart checked the closed lot (its end is after the checkpoint), not the demo auction's lots before it.
    const again = RECHECK.exec(server.output());
    expect(again).not.toBeNull();
    const [checked, lots, checkpoint] = [Number(again![1]), Number(again![2]), Number(again![3])];
    console.log(`[lot-outcomes] restart: ${checked} of ${lots} lots checked (checkpoint at position ${checkpoint})`);
    expect(checkpoint).toBeGreaterThan(0);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThan(lots);
  }, 240_000);
});
