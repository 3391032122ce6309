import {
  auctionDecider, awardStatusOf, lotDecider, nextMinimumOffer, offersInOrder, regulationSatisfied, toIso,
  type AuctionDefinition, type AuctionState, type LotDefinition, type LotState, type LotTiming,
} from '@auction/domain';
import type { EventLog } from './event-log.test-support.js';

/** A scenario user's username (the log names users by id only; the queries and the oracle resolve names with this). */
export const scenarioUsername = (idUser: string): string => `user.${idUser}`;

/** Instants of the generated scenarios. Queries are asked at `QUERY_NOW`. */
export const T0 = Date.parse('2026-11-21T08:00:00.000Z');
export const QUERY_NOW = T0 + 12 * 3_600_000;
const MIN = 60_000;

export type Step = () => void;
/** What kind of auction a generated one is at `QUERY_NOW`. */
export type AuctionKind = 'closed' | 'running' | 'scheduled' | 'deleted' | 'edited';

const BRANDS = [['Fiat', '500'], ['Volkswagen', 'Golf'], ['Renault', 'Clio'], ['Peugeot', '208'], ['Toyota', 'Yaris']] as const;

export const auctionSid = (id: string) => `auction-${id}`;
export const lotSid = (id: string) => `lot-${id}`;

/** The auction's FollowLots command, as the engine issues it after lot decisions. */
function follow(log: EventLog, idAuction: string, now: number): void {
  const auction = log.state<AuctionState>(auctionSid(idAuction), auctionDecider);
  if (auction.status === 'NONE') return;
  const lots = auction.data.lotIds.map((id) => log.state<LotState>(lotSid(id), lotDecider)).filter((l) => l.status === 'OPEN' || l.status === 'CLOSED');
  log.run(auctionSid(idAuction), auctionDecider, { type: 'FollowLots', lots: lots.map((l) => ({ ended: l.status === 'CLOSED', awardStatus: awardStatusOf(l) })), now }, now);
}

/**
 * The ordered steps of one auction's life, driven through the real deciders: creation with its lots, an
 * edit or a deletion, regulation acceptances, observations, start, offers (some buy-now, some inside the
 * extension window), a resize, closing, awards, not-awards and reverts, each followed by FollowLots.
 */
export function auctionSteps(
  log: EventLog, i: number, kind: AuctionKind, lotCount: number, offers: number, dealers: readonly string[], random: () => number, prefix = '',
): Step[] {
  const idAuction = `${prefix}a${i}`;
  const idOwner = `owner-${i % 2}`;
  const start = kind === 'running' ? QUERY_NOW - 30 * MIN : kind === 'closed' ? T0 + i * 2 * MIN : QUERY_NOW + 120 * MIN;
  const end = start + 60 * MIN;
  const lotIds = Array.from({ length: lotCount }, (_, n) => `${idAuction}-l${n + 1}`);
  const [brand, model] = BRANDS[i % BRANDS.length]!;
  const definition = (ids: readonly string[], name = `Fleet ${i} ${brand}`): AuctionDefinition => ({
    auctionName: name, idMarket: 'IT', auctionType: 'OTH', startDate: toIso(start), endDate: toIso(end), regulationRequired: i % 2 === 0,
    windowSeconds: 60, extendSeconds: 60, lotIds: ids,
  });
  const lotData = (n: number): LotDefinition & LotTiming => ({
    idLot: lotIds[n]!, idAuction, idOwner, lotNumber: lotCount - n, licensePlate: `GA${100 + i}${String.fromCharCode(65 + n)}X`,
    frame: n % 3 === 0 ? null : `ZFA${i}${n}`, brand, model: `${model} ${n}`, basePrice: 1000 + 100 * n, minIncrement: n % 4 === 0 ? 50 : 100,
    reservePrice: n % 2 === 0 ? 1500 + 100 * n : null, buyNowPrice: n % 3 === 1 ? 4000 : null,
    startDate: toIso(start), endDate: toIso(end), windowSeconds: 60, extendSeconds: 60,
  });
  const lot = (id: string) => log.state<LotState>(lotSid(id), lotDecider);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const steps: Step[] = [];
  const before = start - 60 * MIN;
  steps.push(() => {
    log.run(auctionSid(idAuction), auctionDecider, { type: 'ScheduleAuction', idAuction, idOwner, definition: definition(lotIds), now: before }, before);
    lotIds.forEach((id, n) => log.run(lotSid(id), lotDecider, { type: 'ScheduleLot', data: lotData(n) }, before));
  });
  if (kind === 'edited') steps.push(() => {
    const kept = lotIds.slice(0, -1);
    log.run(auctionSid(idAuction), auctionDecider, { type: 'EditAuction', definition: definition(kept, `Edited ${i}`), now: before + 1 }, before + 1);
    kept.forEach((id, n) => log.run(lotSid(id), lotDecider, { type: 'EditLot', data: { ...lotData(n), basePrice: 900 } }, before + 1));
    log.run(lotSid(lotIds.at(-1)!), lotDecider, { type: 'WithdrawLot' }, before + 1);
  });
  if (kind === 'deleted') {
    steps.push(() => {
      log.run(auctionSid(idAuction), auctionDecider, { type: 'DeleteAuction', now: before + 2 }, before + 2);
      lotIds.forEach((id) => log.run(lotSid(id), lotDecider, { type: 'WithdrawLot' }, before + 2));
    });
    return steps;
  }
  for (const d of dealers) if (random() < 0.7) steps.push(() => { log.run(auctionSid(idAuction), auctionDecider, { type: 'AcceptRegulation', idUser: d }, before + 3); });
  for (const d of dealers) if (random() < 0.3) steps.push(() => { log.run(lotSid(pick(lotIds)), lotDecider, { type: 'ObserveLot', idUser: d, end: false }, before + 4); });
  if (kind === 'scheduled' || kind === 'edited') return steps;
  steps.push(() => { log.run(auctionSid(idAuction), auctionDecider, { type: 'StartAuction', now: start }, start); });
  if (kind === 'closed' && i % 3 === 0) steps.push(() => {
    const endDate = toIso(end + 10 * MIN);
    log.run(auctionSid(idAuction), auctionDecider, { type: 'RescheduleAuctionEnd', endDate, now: start + MIN }, start + MIN);
    lotIds.forEach((id) => log.run(lotSid(id), lotDecider, { type: 'RescheduleLotEnd', endDate, now: start + MIN }, start + MIN));
  });
  const lastOfferAt = Math.min(end, QUERY_NOW) - 1000;
  for (let k = 0; k < offers; k++) {
    // The last few offers land inside the extension window.
    const at = k >= offers - 3 ? lastOfferAt - (offers - k) * 5000 : start + Math.floor(((lastOfferAt - start - 60_000) * (k + 1)) / offers);
    steps.push(() => {
      const idLot = pick(lotIds);
      const state = lot(idLot);
      if (state.status !== 'OPEN') return;
      const idUser = pick(dealers);
      const buyNow = state.data.definition.buyNowPrice !== null && random() < 0.04;
      const amount = buyNow ? state.data.definition.buyNowPrice! : nextMinimumOffer(state.data.definition, state.data.best) + Math.floor(random() * 3) * 50;
      const regulationAccepted = regulationSatisfied(log.state<AuctionState>(auctionSid(idAuction), auctionDecider), idUser);
      const placed = log.run(lotSid(idLot), lotDecider, {
        type: 'PlaceOffer', idOffer: `${idLot}-o${k}`, idUser, idDealer: null, amount, clickAndBuy: buyNow,
        idempotencyKey: random() < 0.5 ? `key-${idLot}-${k}` : null, regulationAccepted, now: at,
      }, at);
      if (buyNow && placed?.length) follow(log, idAuction, at);
    });
  }
  for (const d of dealers) if (random() < 0.1) steps.push(() => { log.run(lotSid(pick(lotIds)), lotDecider, { type: 'ObserveLot', idUser: d, end: true }, lastOfferAt); });
  if (kind === 'running') return steps;
  steps.push(() => {
    const closeAt = Math.max(...lotIds.map((id) => { const s = lot(id); return s.status === 'NONE' ? 0 : s.data.endMs; })) + 1000;
    lotIds.forEach((id) => log.run(lotSid(id), lotDecider, { type: 'CloseLot', now: closeAt }, closeAt));
    follow(log, idAuction, closeAt);
  });
  lotIds.forEach((idLot, n) => steps.push(() => {
    const at = end + 30 * MIN + n * 1000;
    const state = lot(idLot);
    const offersOfLot = state.status === 'NONE' ? [] : offersInOrder(state.data.offers);
    const r = random();
    if (r < 0.4) log.run(lotSid(idLot), lotDecider, { type: 'AwardLotIfReserveMet', now: at }, at);
    else if (r < 0.6 && offersOfLot.length > 0) log.run(lotSid(idLot), lotDecider, { type: 'AwardLot', idOffer: pick(offersOfLot).idOffer, now: at }, at);
    else if (r < 0.8) log.run(lotSid(idLot), lotDecider, { type: 'NotAwardLot', now: at }, at);
    follow(log, idAuction, at);
    if (random() < 0.25) {
      log.run(lotSid(idLot), lotDecider, { type: 'RevertLotAward' }, at + 1);
      follow(log, idAuction, at + 1);
      if (random() < 0.5) log.run(lotSid(idLot), lotDecider, { type: 'AwardLotIfReserveMet', now: at + 2 }, at + 2);
      follow(log, idAuction, at + 2);
    }
  }));
  return steps;
}
