import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, ServerClock, createStorage, sleep, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { createAuctionBody, paths, runTag } from '../../testing/auction.test-support.js';

interface StoredEventJson { type: string; data: Record<string, unknown>; metadata: { time?: string } }

/** How late a transition may be made (issue 25: a closing within 250 ms of its end; with no offer in flight it is not held). */
const LIMIT_MS = 250;

async function streamEvents(admin: ApiClient, streamId: string): Promise<StoredEventJson[]> {
  const res = await admin.get<StoredEventJson[]>(`/api/v1/admin/events/stream/${streamId}`);
  if (res.status !== 200) throw new Error(`events of ${streamId}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Lag of the event of `type` in `events`: its decision time minus the instant it was due. */
function lagOf(events: StoredEventJson[], type: string, dueMs: number): number {
  const event = events.find((e) => e.type === type);
  if (!event?.metadata.time) throw new Error(`no ${type} with a time among ${events.map((e) => e.type).join(', ')}`);
  return Date.parse(event.metadata.time) - dueMs;
}

describe('durable scheduler (embedded, real server process)', () => {
  let storage: ServerStorage;
  let server: RunningServer | null = null;

  // Only the auctioneer and the admin log in: three demo dealers, not seventy, make both starts cheaper.
  const env = { DEMO_DEALERS: '3' };

  beforeAll(async () => { storage = await createStorage('embedded'); });
  afterAll(async () => { await server?.stop(); await storage.dispose(); });

  it('rebuilds its timers after a SIGKILL and makes start and end transitions within 250 ms of their instants', async () => {
    server = await startServer(storage, env);
    let auctioneer = await ApiClient.login(server.baseUrl, 'auctioneer');
    const clock = await ServerClock.sync(auctioneer);
    /**
     * Creates an auction starting `leadMs` from now, kills the server right after (the timers exist only in the killed
     * process) and starts it again: null when the restart and a login did not end 500 ms before the start.
     */
    const acrossCrash = async (leadMs: number) => {
      const startMs = Math.ceil((clock.now() + leadMs) / 1000) * 1000;
      const endMs = startMs + 5_000; // the test servers' MIN_AUCTION_SECONDS
      const body = createAuctionBody({
        name: `timers ${runTag()}`, startMs, endMs, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
        lots: [{ licensePlate: 'TM001AA', basePrice: 1000, minIncrement: 10 }, { licensePlate: 'TM002AA', basePrice: 2000, minIncrement: 10 }],
      });
      const created = await auctioneer.post(paths.auctions, { body });
      expect(created.status).toBe(201);
      expect(created.body.status).toBe('SCH');
      await server!.kill();
      server = await startServer(storage, env);
      const admin = await ApiClient.login(server.baseUrl, 'admin');
      if (clock.now() >= startMs - 500) {
        auctioneer = await ApiClient.login(server.baseUrl, 'auctioneer');
        return null;
      }
      return { startMs, endMs, admin, idAuction: created.body.idAuction as string, lotIds: created.body.lots.map((l: { idLot: string }) => l.idLot) as string[] };
    };
    // 15 s covers a kill, a restart and a login on an idle machine. A restart slower than that (9.1 s was seen beside
    // the browser tests' lane on CI's two cores) proves nothing, so it is done once more with room to spare: 25 s.
    const run = (await acrossCrash(15_000)) ?? (await acrossCrash(25_000));
    expect(run).not.toBeNull();
    const { startMs, endMs, admin, idAuction, lotIds } = run!;
    expect(clock.now()).toBeLessThan(startMs - 500);

    await sleep(endMs + 1_500 - clock.now());
    const auctionEvents = await streamEvents(admin, `auction-${idAuction}`);
    const startLag = lagOf(auctionEvents, 'AuctionStarted', startMs);
    const closeLag = lagOf(auctionEvents, 'AuctionClosed', endMs);
    const lotLags = await Promise.all(lotIds.map(async (id) => lagOf(await streamEvents(admin, `lot-${id}`), 'LotClosed', endMs)));
    process.stdout.write(`transition lags (ms): start ${startLag}, lots closed ${lotLags.join(', ')}, auction closed ${closeLag}\n`);
    expect(startLag).toBeGreaterThanOrEqual(0);
    expect(startLag).toBeLessThanOrEqual(LIMIT_MS);
    for (const lag of [closeLag, ...lotLags]) {
      expect(lag).toBeGreaterThanOrEqual(0);
      expect(lag).toBeLessThanOrEqual(LIMIT_MS);
    }
    const view = await admin.get(paths.auction(idAuction));
    expect(view.body.status).toBe('CLD');
  });
});
