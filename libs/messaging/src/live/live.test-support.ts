import {
  auctionDecider, lotDecider, streamId, toIso,
  type AuctionCommand, type Decider, type LotCommand,
} from '@auction/domain';
import { PgliteEventStore, type EventStore, type StoredEvent } from '@auction/event-store';
import type { LivePublishOptions, LiveSink } from './live-sink.js';

/** The clock of the specs: ten minutes into a one-hour auction. */
export const START = Date.parse('2026-11-21T09:00:00.000Z');
export const END = Date.parse('2026-11-21T10:00:00.000Z');
export const NOW = START + 10 * 60_000;

/** A message a {@link FakeSink} received. */
export interface Received {
  readonly topic: string;
  readonly payload: Record<string, unknown>;
  readonly options: LivePublishOptions;
}

/** A sink that records what it gets, and can be told to fail. */
export class FakeSink implements LiveSink {
  readonly name = 'fake';
  readonly received: Received[] = [];
  failing = false;

  publish(topic: string, payload: object, options: LivePublishOptions): Promise<void> {
    if (this.failing) return Promise.reject(new Error('sink down'));
    this.received.push({ topic, payload: payload as Record<string, unknown>, options });
    return Promise.resolve();
  }

  /** Topics whose retained message was cleared, in order. */
  readonly cleared: string[] = [];

  on(topic: string): Received[] {
    return this.received.filter((r) => r.topic === topic);
  }

  clear(topic: string): Promise<void> {
    if (this.failing) return Promise.reject(new Error('sink down'));
    this.cleared.push(topic);
    return Promise.resolve();
  }

  /** Forgets what was received. */
  reset(): void {
    this.received.length = 0;
    this.cleared.length = 0;
  }
}

/** Runs commands through the real deciders and appends their events to an in-memory PGlite store. */
export class TestEngine {
  private commands = 0;

  private constructor(readonly store: EventStore) {}

  static async start(): Promise<TestEngine> {
    const store = new PgliteEventStore();
    await store.init();
    return new TestEngine(store);
  }

  /** Every event after `afterPosition`, as the transport would deliver them. */
  async eventsAfter(afterPosition = 0): Promise<StoredEvent[]> {
    return this.store.readAll(afterPosition, 10_000);
  }

  async scheduleAuction(idAuction: string, lots: number, now = START - 3600_000): Promise<string[]> {
    const lotIds = Array.from({ length: lots }, (_, i) => `${idAuction}-lot-${i + 1}`);
    await this.run(streamId.auction(idAuction), auctionDecider, {
      type: 'ScheduleAuction', idAuction, idOwner: 'owner-1', now,
      definition: {
        auctionName: `Auction ${idAuction}`, idMarket: 'IT', auctionType: 'OTH', startDate: toIso(START), endDate: toIso(END),
        regulationRequired: false, windowSeconds: 60, extendSeconds: 60, lotIds,
      },
    }, idAuction);
    for (const [i, idLot] of lotIds.entries()) {
      await this.run(streamId.lot(idLot), lotDecider, {
        type: 'ScheduleLot',
        data: {
          idLot, idAuction, idOwner: 'owner-1', lotNumber: i + 1, licensePlate: `GA${i}BC`, frame: null, brand: 'Fiat', model: '500',
          basePrice: 5000, minIncrement: 100, reservePrice: null, buyNowPrice: 9000,
          startDate: toIso(START), endDate: toIso(END), windowSeconds: 60, extendSeconds: 60,
        },
      }, idAuction);
    }
    return lotIds;
  }

  startAuction(idAuction: string, now = START): Promise<StoredEvent[]> {
    return this.run(streamId.auction(idAuction), auctionDecider, { type: 'StartAuction', now }, idAuction);
  }

  offer(idAuction: string, idLot: string, idUser: string, amount: number, now = NOW): Promise<StoredEvent[]> {
    return this.run(streamId.lot(idLot), lotDecider, {
      type: 'PlaceOffer', idOffer: `offer-${idLot}-${idUser}-${amount}`, idUser, idDealer: null, username: idUser, amount, clickAndBuy: false,
      idempotencyKey: null, regulationAccepted: true, now,
    }, idAuction);
  }

  /** A click-and-buy at the lot's buy-now price (9,000): the offer and the award, in one command. */
  buyNow(idAuction: string, idLot: string, idUser: string, now = NOW): Promise<StoredEvent[]> {
    return this.run(streamId.lot(idLot), lotDecider, {
      type: 'PlaceOffer', idOffer: `offer-${idLot}-${idUser}-buy`, idUser, idDealer: null, username: idUser, amount: 9000, clickAndBuy: true,
      idempotencyKey: null, regulationAccepted: true, now,
    }, idAuction);
  }

  /** Closes a lot at its end, then awards it to its best offer when there is one (reserve met: no reserve here). */
  async closeAndAward(idAuction: string, idLot: string, now = END): Promise<StoredEvent[]> {
    const closed = await this.run(streamId.lot(idLot), lotDecider, { type: 'CloseLot', now }, idAuction);
    return [...closed, ...(await this.run(streamId.lot(idLot), lotDecider, { type: 'AwardLotIfReserveMet', now }, idAuction))];
  }

  /** The auction follows its lots (closed and decided: `CLD` then `AWA`). */
  followLots(idAuction: string, lots: readonly { ended: boolean; awardStatus: 'TBA' | 'AWA' | 'NAW' }[], now = END): Promise<StoredEvent[]> {
    return this.run(streamId.auction(idAuction), auctionDecider, { type: 'FollowLots', lots, now }, idAuction);
  }

  observe(idAuction: string, idLot: string, idUser: string): Promise<StoredEvent[]> {
    return this.run(streamId.lot(idLot), lotDecider, { type: 'ObserveLot', idUser, end: false }, idAuction);
  }

  private async run<C extends AuctionCommand | LotCommand, E extends { type: string; data: object }, S>(
    id: string, decider: Decider<C, E, S>, command: C, idAuction: string,
  ): Promise<StoredEvent[]> {
    const history = await this.store.readStream(id);
    const state = history.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as unknown as E), decider.initialState);
    const events = decider.decide(command, state);
    if (events.length === 0) return [];
    // One correlation id per command, as the API's requests give.
    const metadata = { partitionKey: idAuction, correlationId: `c${++this.commands}`, time: toIso(NOW) };
    await this.store.append(id, history.length, events.map((e) => ({
      type: e.type, data: e.data as Record<string, unknown>, metadata,
    })));
    return this.store.readStream(id, { fromVersion: history.length + 1 });
  }
}

/** Polls `condition` every 10 ms; throws naming `what` when it is still false after `timeoutMs` (generous: a loaded CI). */
export async function until(condition: () => boolean, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
