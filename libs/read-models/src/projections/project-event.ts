import type { StoredEvent } from '@auction/event-store';
import { PROJECTED_TABLES, type ProjectedTable } from '../tables/read-model-tables.js';
import { projectAuction, projectAuctionRegulation } from './auction.projection.js';
import { STREAM_PREFIX } from './event-data.js';
import { projectDealerBest, projectLot, projectObservation, projectOffer } from './lot.projection.js';
import { projectLogin } from './login.projection.js';
import { projectPayment } from './payment.projection.js';
import { projectTemplate, projectTemplateBuyer } from './template.projection.js';
import { TableRows, type RowKey, type RowSet } from './row-set.js';
import { projectMyLotEntry, projectShowcaseRegulation, projectVehicle, projectVehicleAuction, projectVehicleRecord } from './vehicle.projection.js';

/** A row an event reads or writes: its table and primary key. */
export interface RowRef {
  readonly table: ProjectedTable;
  readonly key: RowKey;
}

const str = (v: unknown): string => String(v ?? '');

const PREFIXES: readonly string[] = Object.values(STREAM_PREFIX);

/** True for the streams the read models follow (auctions, lots, vehicles, users). */
export function isProjectedStream(streamId: string): boolean {
  return PREFIXES.some((p) => streamId.startsWith(p));
}

/**
 * The rows one event touches, keyed as its projections key them. The projector loads them (one query
 * per table) before projecting. Offers are insert-only and never loaded.
 */
export function rowsTouchedBy(event: StoredEvent): RowRef[] {
  const id = event.streamId;
  const d = event.data;
  if (id.startsWith(STREAM_PREFIX.auction)) {
    const refs: RowRef[] = [{ table: 'auctions', key: { idAuction: id.slice(STREAM_PREFIX.auction.length) } }];
    if (event.type === 'RegulationAccepted') refs.push({ table: 'regulations', key: { kind: 'AUCTION', idScope: str(d['idAuction']), idUser: str(d['idUser']) } });
    return refs;
  }
  if (id.startsWith(STREAM_PREFIX.lot)) {
    const refs: RowRef[] = [{ table: 'lots', key: { idLot: id.slice(STREAM_PREFIX.lot.length) } }];
    const pair = { idLot: str(d['idLot']), idUser: str(d['idUser']) };
    if (event.type === 'OfferPlaced') refs.push({ table: 'dealerBests', key: pair });
    if (event.type === 'LotObserved' || event.type === 'LotObservationEnded') refs.push({ table: 'observations', key: pair });
    return refs;
  }
  if (id.startsWith(STREAM_PREFIX.vehicle)) {
    const idVehicle = id.slice(STREAM_PREFIX.vehicle.length);
    const refs: RowRef[] = [{ table: 'vehicles', key: { idVehicle } }, { table: 'vehicleRecords', key: { idVehicle } }];
    if (event.type === 'VehiclePutInAuction') refs.push({ table: 'vehicleAuctions', key: { idVehicle, idLot: str(d['idLot']) } });
    if (event.type === 'VehicleAddedToMyLot' || event.type === 'VehicleRemovedFromMyLot') {
      refs.push({ table: 'myLot', key: { idVehicle: str(d['idVehicle']), idUser: str(d['idUser']) } });
    }
    return refs;
  }
  if (id.startsWith(STREAM_PREFIX.template)) {
    const refs: RowRef[] = [{ table: 'templates', key: { idTemplate: id.slice(STREAM_PREFIX.template.length) } }];
    if (event.type === 'TemplateBuyerChanged') refs.push({ table: 'templateBuyers', key: { idTemplate: str(d['idTemplate']), idDealer: str(d['idDealer']) } });
    return refs;
  }
  if (id.startsWith(STREAM_PREFIX.user) && event.type === 'UserLoggedIn') {
    return [{ table: 'logins', key: { sid: str(d['sid']) } }];
  }
  if (id.startsWith(STREAM_PREFIX.payment)) return [{ table: 'payments', key: { idPurchase: id.slice(STREAM_PREFIX.payment.length) } }];
  if (id.startsWith(STREAM_PREFIX.user) && event.type === 'ShowcaseRegulationAccepted') {
    return [{ table: 'regulations', key: { kind: 'SHOWCASE', idScope: '', idUser: str(d['idUser']) } }];
  }
  return [];
}

/**
 * Projects one event into the working set: the stream's own row first, then the rows that depend on it
 * (a lot's dealer bests, observations and offers; a vehicle's my-lot entries; regulation acceptances).
 * No I/O: every row it needs was loaded from {@link rowsTouchedBy}, whose answer for `event` a caller may pass as `refs`.
 */
export function projectEvent(rows: RowSet, event: StoredEvent, refs: readonly RowRef[] = rowsTouchedBy(event)): void {
  const [own] = refs;
  if (!own) return;
  const dependent = refs.find((r, i) => i > 0 && r.table !== 'vehicleRecords' && r.table !== 'vehicleAuctions');
  switch (own.table) {
    case 'auctions': {
      const auction = rows.auctions.update(own.key, (r) => projectAuction(r, event));
      if (dependent) rows.regulations.update(dependent.key, (r) => projectAuctionRegulation(r, event, auction));
      return;
    }
    case 'lots': {
      const lot = rows.lots.update(own.key, (r) => projectLot(r, event));
      if (dependent?.table === 'dealerBests') {
        rows.dealerBests.update(dependent.key, (r) => projectDealerBest(r, event, lot));
        rows.offers.update({ idOffer: str(event.data['idOffer']) }, (r) => projectOffer(r, event, lot));
      }
      if (dependent?.table === 'observations') rows.observations.update(dependent.key, (r) => projectObservation(r, event, lot));
      return;
    }
    case 'vehicles': {
      const vehicle = rows.vehicles.update(own.key, (r) => projectVehicle(r, event));
      if (dependent) rows.myLot.update(dependent.key, (r) => projectMyLotEntry(r, event, vehicle));
      const record = rows.vehicleRecords.update(own.key, (r) => projectVehicleRecord(r, event));
      const placement = refs.find((r) => r.table === 'vehicleAuctions');
      if (placement) rows.vehicleAuctions.update(placement.key, (r) => projectVehicleAuction(r, event, record));
      return;
    }
    case 'templates': {
      const template = rows.templates.update(own.key, (r) => projectTemplate(r, event));
      if (dependent) rows.templateBuyers.update(dependent.key, (r) => projectTemplateBuyer(r, event, template));
      return;
    }
    case 'regulations':
      rows.regulations.update(own.key, (r) => projectShowcaseRegulation(r, event));
      return;
    case 'logins':
      rows.logins.update(own.key, (r) => projectLogin(r, event));
      return;
    case 'payments':
      rows.payments.update(own.key, (r) => projectPayment(r, event));
      return;
    default:
      return;
  }
}

/** An empty working set. */
export function emptyRowSet(): RowSet {
  const entries = (Object.keys(PROJECTED_TABLES) as ProjectedTable[]).map((t) => [t, new TableRows(PROJECTED_TABLES[t].primary)]);
  return Object.fromEntries(entries) as RowSet;
}

/** Projects events from an empty working set, in order: the whole read model of a log, in memory. Pure. */
export function projectAll(events: readonly StoredEvent[]): RowSet {
  const rows = emptyRowSet();
  for (const e of events) projectEvent(rows, e);
  return rows;
}
