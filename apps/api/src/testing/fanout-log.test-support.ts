/**
 * Builds a large event log quickly for the rebuild test: takes an NDJSON export of a fresh server (demo users,
 * demo auction and showcase) and appends auctions and offers decided by the real deciders of `@auction/domain`,
 * so the result is a log the product could have written. `replay import` then loads it into an empty store.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import {
  auctionDecider, lotDecider, partitionKeyOfStream, streamId, toIso,
  type AuctionState, type LotEvent, type LotState,
} from '@auction/domain';

export interface GeneratedLog {
  /** Events in the file: exported + generated. */
  readonly total: number;
  readonly exported: number;
  readonly generated: number;
  readonly offers: number;
  readonly auctions: { idAuction: string; lotIds: string[]; offers: number }[];
  readonly dealers: string[];
}

export interface GenerateOptions {
  /** NDJSON export of a fresh server (`replay export`). */
  readonly exportFile: string;
  readonly outFile: string;
  /** The file holds at least this many events. */
  readonly totalEvents: number;
  readonly auctions: number;
  readonly lotsPerAuction: number;
  /** Consecutive offers on one lot before the next lot (keeps `replay import` chunks large). */
  readonly run: number;
  /** Epoch ms "now": auctions started 30 min before, end 60 min after. */
  readonly now: number;
  readonly owner?: string;
}

interface Line {
  position: number; streamId: string; streamVersion: number; type: string;
  data: Record<string, unknown>; metadata: Record<string, unknown>; schemaVersion: number; recordedAt: string;
}

/** Copies the export to `outFile` and appends auctions and offers until the file holds `totalEvents`. */
export async function generateOfferLog(o: GenerateOptions): Promise<GeneratedLog> {
  const out = createWriteStream(o.outFile);
  const write = async (line: Line) => {
    if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
  };
  let exported = 0;
  let position = 0;
  const dealers: { idUser: string; username: string }[] = [];
  for await (const text of createInterface({ input: createReadStream(o.exportFile), crlfDelay: Infinity })) {
    if (!text.trim()) continue;
    const e = JSON.parse(text) as Line;
    exported++;
    position = Math.max(position, e.position);
    if (e.type === 'UserRegistered' && Array.isArray(e.data.roles) && e.data.roles.includes('BUYER') && e.data.flgEnabled === true) {
      // New bodies carry no username (claims table); the demo dealers' username is their id.
      dealers.push({ idUser: String(e.data.idUser), username: String(e.data.username ?? e.data.idUser) });
    }
    await write(e);
  }
  if (dealers.length < 2) throw new Error(`the export ${o.exportFile} holds ${dealers.length} enabled BUYER users: need demo dealers`);
  const owner = o.owner ?? 'auctioneer';
  const startMs = o.now - 30 * 60_000;
  const endMs = o.now + 60 * 60_000;
  const versions = new Map<string, number>();
  const emit = async (sid: string, state: unknown, events: readonly { type: string; data: object }[], meta: Record<string, unknown>) => {
    for (const ev of events) {
      const version = (versions.get(sid) ?? 0) + 1;
      versions.set(sid, version);
      position++;
      await write({
        position, streamId: sid, streamVersion: version, type: ev.type, data: ev.data as Record<string, unknown>,
        metadata: { ...meta, partitionKey: partitionKeyOfStream(sid, state) }, schemaVersion: 1, recordedAt: String(meta.time),
      });
    }
  };

  const tag = randomBytes(3).toString('hex');
  const auctions: { idAuction: string; lotIds: string[]; offers: number }[] = [];
  const lots: { sid: string; idAuction: string; state: LotState; offers: number }[] = [];
  let generated = 0;
  for (let a = 0; a < o.auctions; a++) {
    const idAuction = `gen-${tag}-${a + 1}`;
    const lotIds = Array.from({ length: o.lotsPerAuction }, (_, i) => `${idAuction}-${i + 1}`);
    const aSid = streamId.auction(idAuction);
    const at = startMs - 60_000 + a;
    const meta = { userId: owner, correlationId: `gen-${idAuction}`, time: toIso(at) };
    const definition = {
      auctionName: `Generated ${a + 1}`, idMarket: 'IT', auctionType: 'OTH' as const, startDate: toIso(startMs), endDate: toIso(endMs),
      regulationRequired: false, windowSeconds: 0, extendSeconds: 0, lotIds,
    };
    let auction: AuctionState = auctionDecider.initialState;
    const scheduled = auctionDecider.decide({ type: 'ScheduleAuction', idAuction, idOwner: owner, definition, now: at }, auction);
    auction = scheduled.reduce<AuctionState>((s, e) => auctionDecider.evolve(s, e), auction);
    await emit(aSid, auction, scheduled, meta);
    generated += scheduled.length;
    for (const [i, idLot] of lotIds.entries()) {
      const basePrice = 5000 + 500 * i;
      const data = {
        idLot, idAuction, idOwner: owner, lotNumber: i + 1, licensePlate: `G${tag.toUpperCase()}${a}X${i}`, frame: null, brand: 'Fiat',
        model: 'Panda', basePrice, minIncrement: 10, reservePrice: basePrice + 1000, buyNowPrice: null,
        startDate: toIso(startMs), endDate: toIso(endMs), windowSeconds: 0, extendSeconds: 0,
      };
      const events = lotDecider.decide({ type: 'ScheduleLot', data }, lotDecider.initialState);
      const state = events.reduce<LotState>((s, e) => lotDecider.evolve(s, e), lotDecider.initialState);
      await emit(streamId.lot(idLot), state, events, meta);
      generated += events.length;
      lots.push({ sid: streamId.lot(idLot), idAuction, state, offers: 0 });
    }
    const started = auctionDecider.decide({ type: 'StartAuction', now: startMs }, auction);
    auction = started.reduce<AuctionState>((s, e) => auctionDecider.evolve(s, e), auction);
    await emit(aSid, auction, started, { userId: 'system', time: toIso(startMs) });
    generated += started.length;
    auctions.push({ idAuction, lotIds, offers: 0 });
  }

  // Offers: runs of `run` consecutive offers per lot, lots in turn; each offer the next minimum, dealers in turn.
  let offers = 0;
  let k = 0;
  while (exported + generated < o.totalEvents) {
    const lot = lots[Math.floor(k / o.run) % lots.length]!;
    const dealer = dealers[k % dealers.length]!;
    const now = startMs + 1_000 + k * 10;
    if (now >= endMs) throw new Error('too many offers for the generated auctions\' duration');
    const current = lot.state;
    if (current.status !== 'OPEN') throw new Error(`generated lot ${lot.sid} is ${current.status}`);
    const def = current.data.definition;
    const amount = current.data.best === null ? def.basePrice : current.data.best.amount + def.minIncrement;
    const idOffer = `g${tag}${k.toString(36)}`;
    const events: LotEvent[] = lotDecider.decide({
      type: 'PlaceOffer', idOffer, idUser: dealer.idUser, idDealer: null, amount, clickAndBuy: false,
      idempotencyKey: `gen-${k}`, regulationAccepted: true, now,
    }, current);
    lot.state = events.reduce<LotState>((s, e) => lotDecider.evolve(s, e), current);
    await emit(lot.sid, lot.state, events, { userId: dealer.idUser, idempotencyKey: `gen-${k}`, correlationId: `gen-offer-${k}`, time: toIso(now) });
    generated += events.length;
    offers++;
    lot.offers++;
    k++;
  }
  for (const a of auctions) a.offers = lots.filter((l) => l.idAuction === a.idAuction).reduce((n, l) => n + l.offers, 0);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { total: exported + generated, exported, generated, offers, auctions, dealers: dealers.map((d) => d.username) };
}

