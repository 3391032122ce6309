import { userDecider, vehicleDecider } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import { auctionSteps, QUERY_NOW, scenarioUsername, T0, type AuctionKind, type Step } from './auction-scenario.test-support.js';
import { EventLog, interleave, rng } from './event-log.test-support.js';

/** Size and seed of a generated scenario. */
export interface ScenarioOptions {
  readonly seed?: number;
  readonly auctions?: number;
  readonly lotsPerAuction?: number;
  readonly offersPerAuction?: number;
  readonly dealers?: number;
  readonly showcases?: number;
  readonly vehiclesPerShowcase?: number;
  /** Prefix of every id (auctions, showcases, dealers), to append a second log beside a first one. */
  readonly idPrefix?: string;
}

/** A generated event log, with the domain states it folds to. */
export interface Scenario {
  readonly log: EventLog;
  readonly events: StoredEvent[];
  readonly dealers: string[];
  readonly now: number;
}

const KINDS: AuctionKind[] = ['closed', 'closed', 'running', 'closed', 'scheduled', 'closed', 'running', 'deleted', 'closed', 'edited'];
const MIN = 60_000;

/** The partition (Kafka key) of an event: an auction and its lots share the auction id; other streams are their own. */
export function partitionOf(event: StoredEvent): string {
  if (event.streamId.startsWith('lot-')) return event.streamId.slice(4).replace(/-l\d+$/, '');
  if (event.streamId.startsWith('auction-')) return event.streamId.slice(8);
  return event.streamId;
}

function vehicleSteps(log: EventLog, idShowcase: string, n: number, dealers: readonly string[], random: () => number): Step[] {
  const idVehicle = `${idShowcase}-v${n}`;
  const sid = `vehicle-${idVehicle}`;
  const pick = () => dealers[Math.floor(random() * dealers.length)]!;
  const listing = {
    idVehicle, idShowcase, idOwner: `exhibitor-${idShowcase}`, idMarket: n % 3 === 0 ? 'DE' : 'IT', licensePlate: `VH${n}${idShowcase.toUpperCase()}`,
    brand: n % 2 === 0 ? 'Fiat' : 'Audi', model: n % 2 === 0 ? 'Panda' : 'A3', price: 5000 + n * 250.5,
  };
  const steps: Step[] = [() => { log.run(sid, vehicleDecider, { type: 'ListVehicle', listing }, T0); }];
  const fans = dealers.filter(() => random() < 0.3);
  for (const d of fans) steps.push(() => { log.run(sid, vehicleDecider, { type: 'AddToMyLot', idUser: d }, T0 + MIN); });
  const r = random();
  const at = (minutesBeforeQuery: number) => QUERY_NOW - minutesBeforeQuery * MIN;
  if (fans.length > 0 && r < 0.4) {
    const holder = fans[0]!;
    steps.push(() => { log.run(sid, vehicleDecider, { type: 'BookVehicle', idUser: holder, holdSeconds: 1800, now: at(n % 2 === 0 ? 10 : 60) }, at(60)); });
    if (random() < 0.5) steps.push(() => { log.run(sid, vehicleDecider, { type: 'BuyVehicle', idUser: holder, now: at(5) }, at(5)); });
    else if (random() < 0.5) steps.push(() => { log.run(sid, vehicleDecider, { type: 'RemoveFromMyLot', idUser: holder }, at(4)); });
  } else if (r < 0.6) {
    const d = pick();
    steps.push(() => { log.run(sid, vehicleDecider, { type: 'PreemptVehicle', idUser: d, holdSeconds: 300, now: at(2) }, at(2)); });
  } else if (r < 0.8) {
    const d = pick();
    steps.push(() => { log.run(sid, vehicleDecider, { type: 'BuyVehicle', idUser: d, now: at(30 + n) }, at(30 + n)); });
  }
  if (fans.length > 1 && random() < 0.3) steps.push(() => { log.run(sid, vehicleDecider, { type: 'RemoveFromMyLot', idUser: fans[1]! }, at(1)); });
  return steps;
}

function userSteps(log: EventLog, idUser: string, random: () => number): Step[] {
  const sid = `user-${idUser}`;
  const data = {
    idUser, username: scenarioUsername(idUser), roles: ['BUYER' as const], idDealer: idUser, idMarket: 'IT' as const,
    preferredLanguage: 'en', consent1: true, consent2: true, consent3: true, flgEnabled: true,
  };
  const steps: Step[] = [() => { log.run(sid, userDecider, { type: 'RegisterUser', data }, T0); }];
  if (random() < 0.6) steps.push(() => { log.run(sid, userDecider, { type: 'AcceptShowcaseRegulation' }, T0 + MIN); });
  steps.push(() => { log.run(sid, userDecider, { type: 'EndSession', sid: 's1', expiresAt: T0 + 12 * 60 * MIN, now: T0 + 2 * MIN }, T0 + 2 * MIN); });
  return steps;
}

/**
 * Generates a realistic log by running the domain's deciders: auctions of every kind (closed and decided,
 * running, scheduled, edited, deleted) with offers, extensions, buy-now, awards and reverts; showcase
 * vehicles listed, put in my lots, booked, pre-empted, bought; dealers registering and accepting the
 * showcase regulation. The life steps of all auctions, vehicles and users are interleaved at random, so
 * the global log mixes streams as the engine's would.
 */
export function generateScenario(options: ScenarioOptions = {}): Scenario {
  const random = rng(options.seed ?? 1);
  const log = new EventLog();
  const prefix = options.idPrefix ?? '';
  const dealers = Array.from({ length: options.dealers ?? 8 }, (_, k) => `${prefix}dealer-${k + 1}`);
  const lists: Step[][] = [];
  for (let i = 0; i < (options.auctions ?? 10); i++) {
    lists.push(auctionSteps(log, i, KINDS[i % KINDS.length]!, options.lotsPerAuction ?? 4, options.offersPerAuction ?? 30, dealers, random, prefix));
  }
  for (let s = 0; s < (options.showcases ?? 2); s++) {
    for (let n = 0; n < (options.vehiclesPerShowcase ?? 8); n++) lists.push(vehicleSteps(log, `${prefix}sc${s}`, n, dealers, random));
  }
  for (const d of dealers) lists.push(userSteps(log, d, random));
  for (const step of interleave(lists, random)) step();
  return { log, events: log.events, dealers, now: QUERY_NOW };
}

/** A delivery order with the same per-partition order as `events` but partitions interleaved at random. */
export function shuffledAcrossPartitions(events: readonly StoredEvent[], seed: number): StoredEvent[] {
  const byPartition = new Map<string, StoredEvent[]>();
  for (const e of events) {
    const key = partitionOf(e);
    let list = byPartition.get(key);
    if (!list) byPartition.set(key, (list = []));
    list.push(e);
  }
  return interleave([...byPartition.values()], rng(seed));
}

/** Cuts events into batches of random sizes between 1 and `max`. */
export function randomBatches<T>(items: readonly T[], max: number, seed: number): T[][] {
  const random = rng(seed);
  const out: T[][] = [];
  for (let i = 0; i < items.length;) {
    const size = 1 + Math.floor(random() * max);
    out.push(items.slice(i, i + size));
    i += size;
  }
  return out;
}
