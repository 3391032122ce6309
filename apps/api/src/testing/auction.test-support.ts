/**
 * Helpers for auction end-to-end tests: paths, bodies, polling and the shapes the contract answers with.
 */
import { randomBytes } from 'node:crypto';
import { ApiClient, type ApiResult, ServerClock, describeResult, sleep } from './api-client.test-support.js';

/** The lot view of the contract (only what the tests read). */
export interface LotView {
  idLot: string;
  licensePlate: string;
  basePrice: number;
  minIncrement: number;
  buyNowPrice: number | null;
  reservePrice?: number | null;
  status: 'SCH' | 'RUN' | 'CLD' | 'AWA';
  awardStatus: 'TBA' | 'AWA' | 'NAW';
  bestOffer: number | null;
  bestOfferId: string | null;
  offersCount: number;
  endDate: string;
  idOfferAwarded?: string | null;
}

/** The auction view of the contract (only what the tests read). */
export interface AuctionView {
  idAuction: string;
  status: 'SCH' | 'RUN' | 'CLD' | 'AWA';
  startDate: string;
  endDate: string;
  /** The template the auction sells through; null: the default channel. */
  idTemplate: string | null;
  lots: LotView[];
}

export interface OfferAnswer { idOffer: string; offer: number; bestOffer: number; leading: boolean; lotEndDate: string }
export interface OfferReportRow { idOffer: string; idLot: string; offer: number; username: string; createdAt: string; clickAndBuy: boolean }
export interface PurchaseRow { idAuction: string | null; idLot: string | null; licensePlate: string; price: number; channel: string }

export const paths = {
  auctions: '/api/v1/secure/auction',
  auction: (id: string) => `/api/v1/secure/auction/${id}`,
  offer: (id: string, idLot: string) => `/api/v1/secure/auction/${id}/offer/${idLot}`,
  acceptRegulation: (id: string) => `/api/v1/secure/auction/${id}/accept-regulation`,
  acceptedRegulation: (id: string) => `/api/v1/secure/auction/${id}/accepted-regulation`,
  awardAll: (id: string) => `/api/v1/secure/auction/${id}/award`,
  awardOne: (id: string, idLot: string, idOffer: string) => `/api/v1/secure/auction/${id}/award/${idLot}/${idOffer}`,
  revertAward: (id: string, idLot: string) => `/api/v1/secure/auction/${id}/revert-award/${idLot}`,
  notAward: (id: string) => `/api/v1/secure/auction/${id}/not-award`,
  resizeTime: (id: string) => `/api/v1/secure/auction/${id}/resize-time`,
  report: (id: string) => `/api/v1/secure/auction/${id}/auction-offers-report`,
  purchases: '/api/v1/secure/purchases',
  time: '/api/v1/secure/time',
  user: '/api/v1/secure/user',
};

/** A short random tag that keeps license plates and names of one run apart from the demo data. */
export const runTag = () => randomBytes(3).toString('hex').toUpperCase();

/** The next whole second at least `ms` ahead of the server's clock. */
export const wholeSecondAfter = (clock: ServerClock, ms: number) => Math.ceil((clock.now() + ms) / 1000) * 1000;

export interface LotSpec { licensePlate: string; basePrice: number; minIncrement: number; reservePrice?: number; buyNowPrice?: number }

/** A create body of the contract. */
export function createAuctionBody(o: {
  name: string; startMs: number; endMs: number; regulationRequired: boolean;
  extension: { windowSeconds: number; extendSeconds: number }; lots: LotSpec[];
}) {
  return {
    auctionName: o.name,
    idMarket: 'IT',
    auctionType: 'OTH',
    startDate: new Date(o.startMs).toISOString(),
    endDate: new Date(o.endMs).toISOString(),
    regulationRequired: o.regulationRequired,
    extension: o.extension,
    lots: o.lots.map((l, i) => ({ frame: `ZFA3120000${String(100000 + i)}`, brand: 'Fiat', model: '500', ...l })),
  };
}

/** Reads an auction, failing on anything but 200. */
export async function getAuction(client: ApiClient, idAuction: string): Promise<AuctionView> {
  const res = await client.get<AuctionView>(paths.auction(idAuction));
  if (res.status !== 200) throw new Error(`GET auction ${idAuction}: ${describeResult(res)}`);
  return res.body;
}

export function lotOf(view: AuctionView, idLot: string): LotView {
  const lot = view.lots.find((l) => l.idLot === idLot);
  if (!lot) throw new Error(`lot ${idLot} not in auction ${view.idAuction}: ${JSON.stringify(view.lots.map((l) => l.idLot))}`);
  return lot;
}

/** Reads every page of the offers report as its owner, failing on anything but 200. */
export async function getReport(owner: ApiClient, idAuction: string): Promise<OfferReportRow[]> {
  const rows: OfferReportRow[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await owner.get<{ items: OfferReportRow[]; total: number }>(`${paths.report(idAuction)}?limit=100&offset=${offset}`);
    if (res.status !== 200 || !Array.isArray(res.body.items)) throw new Error(`GET offers report: ${describeResult(res)}`);
    rows.push(...res.body.items);
    if (rows.length >= res.body.total || res.body.items.length === 0) return rows;
  }
}

/**
 * Polls the auction until its status is `status`. Returns the first answer with that status and the answer before it.
 * Throws when `untilServerMs` (server clock) passes first.
 */
export async function pollStatus(
  client: ApiClient, clock: ServerClock, idAuction: string, status: AuctionView['status'], untilServerMs: number, everyMs = 25,
): Promise<{ first: ApiResult<AuctionView>; previous: ApiResult<AuctionView> | null }> {
  let previous: ApiResult<AuctionView> | null = null;
  for (;;) {
    const res = await client.get<AuctionView>(paths.auction(idAuction));
    if (res.status !== 200) throw new Error(`GET auction while waiting for ${status}: ${describeResult(res)}`);
    if (res.body.status === status) return { first: res, previous };
    if (clock.toServer(res.receivedAt) > untilServerMs) {
      throw new Error(`auction ${idAuction} still ${res.body.status} at ${new Date(clock.toServer(res.receivedAt)).toISOString()}, expected ${status}`);
    }
    previous = res;
    await sleep(everyMs);
  }
}

/** Waits until the server clock reaches `serverMs`. */
export async function sleepUntil(clock: ServerClock, serverMs: number): Promise<void> {
  await sleep(serverMs - clock.now());
}

/** A deterministic shuffle (mulberry32), so a failing burst can be replayed. */
export function shuffle<T>(items: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Runs `task` over `items` with at most `concurrency` at a time; `stop()` true ends the dispatch of new items. */
export async function runPool<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>, stop = () => false) {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Checks the invariant of a lot's accepted offers in stored order: first ≥ base, each next ≥ previous + increment. */
export function orderViolations(rows: readonly OfferReportRow[], basePrice: number, minIncrement: number): string[] {
  const problems: string[] = [];
  const cents = (v: number) => Math.round(v * 100);
  rows.forEach((row, i) => {
    if (i === 0) {
      if (cents(row.offer) < cents(basePrice)) problems.push(`first offer ${row.idOffer} ${row.offer} < base ${basePrice}`);
      return;
    }
    const prev = rows[i - 1];
    if (!(cents(row.offer) > cents(prev.offer))) problems.push(`#${i} ${row.idOffer} ${row.offer} not above #${i - 1} ${prev.offer}`);
    else if (cents(row.offer) < cents(prev.offer) + cents(minIncrement)) {
      problems.push(`#${i} ${row.idOffer} ${row.offer} < previous ${prev.offer} + increment ${minIncrement}`);
    }
  });
  return problems;
}

/** idOffers that appear more than once. */
export function duplicateIds(rows: readonly { idOffer: string }[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const r of rows) (seen.has(r.idOffer) ? dup : seen).add(r.idOffer);
  return [...dup];
}

/**
 * Reads until `check` passes (it throws, e.g. with `expect`, while it does not) or `timeoutMs` passes, then throws the
 * last failure. For views of other users' writes: the API promises read-your-own-writes only, other views may lag.
 */
export async function eventually<T>(
  probe: () => Promise<T>, check: (value: T) => void, timeoutMs = 2_000,
): Promise<{ value: T; waitedMs: number }> {
  const t0 = Date.now();
  for (;;) {
    const value = await probe();
    try {
      check(value);
      return { value, waitedMs: Date.now() - t0 };
    } catch (error) {
      if (Date.now() - t0 > timeoutMs) throw error;
    }
    await sleep(20);
  }
}
