/**
 * Issue 22 item 8: the demo auction's vehicles are loaded once. A start while the demo auction runs adds nothing; a
 * start once it ended makes the new demo auction of its vehicles back in stock (the sold ones stay sold), never loading
 * a vehicle, so a plate, again. On an in-memory PGlite store through the real stream writer.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PgliteEventStore } from '@auction/event-store';
import { decideVehicle, streamId, type AuctionState, type VehicleCommand, type VehicleState } from '@auction/domain';
import { StreamWriter } from '../platform/engine/stream-writer.js';
import { seedDemoAuction } from './demo-data.js';

const LIVE = Array.from({ length: 8 }, (_, i) => `V-LIVE-${i + 1}`);

describe('the demo auction across starts', () => {
  const store = new PgliteEventStore();
  let now = Date.parse('2026-11-25T08:00:00Z');
  const writer = new StreamWriter(store, () => now);

  beforeAll(() => store.init(), 60_000);
  afterAll(() => store.close());

  /** The states of the given streams, read through the writer (a command that appends nothing). */
  const states = async <S>(ids: readonly string[]): Promise<S[]> => (await writer.execute({
    streams: ids, metadata: { userId: 'test' }, decide: () => [], reply: (view) => ids.map((id) => view.state<S>(id)),
  })).reply;
  const vehicles = () => states<VehicleState>(LIVE.map(streamId.vehicle));
  const onVehicle = (idVehicle: string, command: VehicleCommand) => writer.execute({
    streams: [streamId.vehicle(idVehicle)], metadata: { userId: 'test' },
    decide: (view) => [{ streamId: streamId.vehicle(idVehicle), events: decideVehicle(command, view.state(streamId.vehicle(idVehicle))) }],
    reply: () => undefined,
  });
  const vehicleStreams = async () => (await store.readAll(0, 10_000)).filter((e) => e.type === 'VehicleLoaded').map((e) => e.streamId);

  it('first start: eight vehicles loaded, each in its lot of the demo auction', async () => {
    await seedDemoAuction(writer, 'demo-live-a', now);
    const [auction] = await states<AuctionState>([streamId.auction('demo-live-a')]);
    expect(auction!.status).not.toBe('NONE');
    const all = await vehicles();
    expect(all.map((v) => (v.status === 'IN_AUCTION' ? [v.auction.idAuction, v.record.details.licensePlate] : v.status)))
      .toEqual(LIVE.map((_, i) => ['demo-live-a', `GA${100 + i}DM`]));
  });

  it('a start while it runs: no other auction, no vehicle loaded again', async () => {
    now += 60_000;
    await seedDemoAuction(writer, 'demo-live-b', now);
    expect((await states<AuctionState>([streamId.auction('demo-live-b')]))[0]!.status).toBe('NONE');
    expect((await vehicleStreams()).sort()).toEqual(LIVE.map(streamId.vehicle).sort());
  });

  it('a start after it ended: the new demo auction takes the unsold vehicles back in stock, loads none', async () => {
    const lots = (await vehicles()).map((v) => (v.status === 'IN_AUCTION' ? v.auction : null));
    await onVehicle('V-LIVE-1', { type: 'SellInAuction', ...lots[0]!, idUser: 'dealer1', price: 9000, now });
    for (const i of [1, 2]) await onVehicle(LIVE[i]!, { type: 'ReturnToStock', ...lots[i]!, reason: 'UNSOLD' });
    now += 3 * 3600_000;
    await seedDemoAuction(writer, 'demo-live-c', now);
    const all = await vehicles();
    expect(all.map((v) => (v.status === 'IN_AUCTION' ? v.auction.idAuction : v.status)))
      .toEqual(['SOLD', 'demo-live-c', 'demo-live-c', ...Array(5).fill('demo-live-a')]);
    expect((await vehicleStreams()).length).toBe(8);
  });

  it('nothing free: no demo auction', async () => {
    now += 60_000;
    await seedDemoAuction(writer, 'demo-live-d', now);
    expect((await states<AuctionState>([streamId.auction('demo-live-d')]))[0]!.status).toBe('NONE');
  });
});
