import { describe, expect, it } from 'vitest';
import { mayChangeVehicle, scopeShows, sellsInMarket, takesHandOver, vehicleScopeOf, type Provenance, type VehicleChange, type VehicleFacts, type VehicleViewer } from './vehicle-access.js';

const PROVENANCES: Provenance[] = [
  { code: 'P-IT', name: 'Italy', idMarket: 'IT', idDealer: 'D1' },
  { code: 'P-DE', name: 'Germany', idMarket: 'DE', idDealer: 'D1' },
  { code: 'Q-IT', name: 'Other', idMarket: 'IT', idDealer: 'D2' },
];
const viewer = (idUser: string, roles: string[], idDealer: string | null, adminEnabledMarket?: VehicleViewer['adminEnabledMarket']): VehicleViewer =>
  ({ idUser, roles, idDealer, adminEnabledMarket });
const vehicle = (over: Partial<VehicleFacts> = {}): VehicleFacts => ({
  provenance: 'P-IT', status: 'STOCK', published: false, holderRole: 'LOADER', holderUserId: 'loader', soldUserId: null, ...over,
});
const sees = (v: VehicleViewer, f: VehicleFacts) => scopeShows(vehicleScopeOf(v, PROVENANCES), f, v.idUser);
const PROV = (code: string) => PROVENANCES.find((p) => p.code === code);

const loader = viewer('loader', ['USER', 'LOADER'], 'D1');
const colleague = viewer('loader-b', ['USER', 'LOADER'], 'D1');
const otherLoader = viewer('loader-2', ['USER', 'LOADER'], 'D2');
const superior = viewer('auct', ['USER', 'AUCTIONEER'], 'D1');
const multi = viewer('multi', ['USER', 'MULTI_AUCTIONEER'], 'D9');
const buyer = viewer('buyer', ['USER', 'BUYER'], 'D5');
const adminIt = viewer('admin', ['USER', 'ADMIN'], null, ['IT']);
const ccDe = viewer('cc', ['USER', 'CUSTOMER_CENTER'], null, ['DE']);

describe('who sees a vehicle', () => {
  it('loaders and auctioneers see their dealer\'s provenances, staff their markets\', nobody else a vehicle in stock', () => {
    expect(vehicleScopeOf(loader, PROVENANCES).provenances).toEqual(['P-IT', 'P-DE']);
    expect(vehicleScopeOf(superior, PROVENANCES).provenances).toEqual(['P-IT', 'P-DE']);
    expect(vehicleScopeOf(adminIt, PROVENANCES).provenances).toEqual(['P-IT', 'Q-IT']);
    expect(vehicleScopeOf(ccDe, PROVENANCES).provenances).toEqual(['P-DE']);
    expect(vehicleScopeOf(buyer, PROVENANCES).provenances).toEqual([]);
    const stock = vehicle();
    expect([loader, colleague, superior, adminIt].map((v) => sees(v, stock))).toEqual([true, true, true, true]);
    expect([otherLoader, multi, buyer, ccDe].map((v) => sees(v, stock))).toEqual([false, false, false, false]);
  });

  it('a holder sees what it holds in stock; a dealer sees published vehicles placed in an auction or showcase, and what it bought', () => {
    expect(sees(multi, vehicle({ holderRole: 'MULTI_AUCTIONEER', holderUserId: 'multi' }))).toBe(true);
    expect(sees(buyer, vehicle({ published: true }))).toBe(false);
    expect(sees(buyer, vehicle({ published: true, status: 'IN_AUCTION' }))).toBe(true);
    expect(sees(buyer, vehicle({ published: true, status: 'LISTED' }))).toBe(true);
    expect(sees(buyer, vehicle({ published: false, status: 'IN_AUCTION' }))).toBe(false);
    expect(sees(buyer, vehicle({ published: true, status: 'SOLD', soldUserId: 'buyer' }))).toBe(true);
    expect(sees(buyer, vehicle({ published: true, status: 'SOLD', soldUserId: 'someone' }))).toBe(false);
    expect(sees(buyer, vehicle({ published: true, status: 'WITHDRAWN' }))).toBe(false);
  });

  it('holding is no way in once the role or the dealer is gone: a loader moved to a buyer dealer, a superior moved away, a multi-auctioneer without the role', () => {
    // Attack review: a loader moved to dealer D-1001 and stripped of LOADER still read its unpublished vehicles.
    expect(sees(viewer('loader', ['USER'], 'D5'), vehicle({ holderRole: 'LOADER', holderUserId: 'loader' }))).toBe(false);
    expect(sees(viewer('loader', ['USER', 'LOADER'], 'D2'), vehicle({ holderRole: 'LOADER', holderUserId: 'loader' }))).toBe(false);
    expect(sees(viewer('auct', ['USER', 'AUCTIONEER'], 'D2'), vehicle({ holderRole: 'SUPERIOR', holderUserId: 'auct' }))).toBe(false);
    expect(sees(viewer('multi', ['USER'], 'D9'), vehicle({ holderRole: 'MULTI_AUCTIONEER', holderUserId: 'multi' }))).toBe(false);
    expect(sees(superior, vehicle({ holderRole: 'SUPERIOR', holderUserId: 'auct' }))).toBe(true);
  });
});

describe('who changes a vehicle', () => {
  const may = (v: VehicleViewer, f: VehicleFacts, change: VehicleChange) => mayChangeVehicle(v, PROV(f.provenance), f, change);
  const all: VehicleChange[] = ['edit', 'files', 'publish', 'sendToSup', 'sendToMultiAuctioneer', 'sendBack'];

  it('while loaders hold it: any loader of the provenance\'s dealer edits it and sends it to a superior; nobody else but an ADMIN of its market', () => {
    const v = vehicle();
    expect(all.filter((c) => may(loader, v, c))).toEqual(['edit', 'files', 'publish', 'sendToSup']);
    expect(all.filter((c) => may(colleague, v, c))).toEqual(['edit', 'files', 'publish', 'sendToSup']);
    expect(all.filter((c) => may(otherLoader, v, c))).toEqual([]);
    expect(all.filter((c) => may(superior, v, c))).toEqual([]);
    expect(all.filter((c) => may(adminIt, v, c))).toEqual(all);
    expect(all.filter((c) => may(viewer('admin-de', ['ADMIN'], null, ['DE']), v, c))).toEqual([]);
    expect(all.filter((c) => may(ccDe, vehicle({ provenance: 'P-DE' }), c))).toEqual([]);
  });

  it('a superior or multi-auctioneer holding it changes it and hands it on or back; the loader no longer does', () => {
    const atSup = vehicle({ holderRole: 'SUPERIOR', holderUserId: 'auct' });
    expect(all.filter((c) => may(superior, atSup, c))).toEqual(['edit', 'files', 'publish', 'sendToMultiAuctioneer', 'sendBack']);
    expect(all.filter((c) => may(loader, atSup, c))).toEqual([]);
    expect(all.filter((c) => may(viewer('auct-2', ['AUCTIONEER'], 'D1'), atSup, c))).toEqual([]);
    const atMulti = vehicle({ holderRole: 'MULTI_AUCTIONEER', holderUserId: 'multi' });
    expect(all.filter((c) => may(multi, atMulti, c))).toEqual(['edit', 'files', 'publish', 'sendBack']);
    expect(all.filter((c) => may(superior, atMulti, c))).toEqual([]);
  });

  it('showcase (#22 item 6): an exhibitor of the provenance\'s dealer, whoever holds it, and an ADMIN of its market; nobody else', () => {
    const exhibitor = viewer('exh', ['USER', 'EXHIBITOR'], 'D1');
    const otherExhibitor = viewer('exh-2', ['USER', 'EXHIBITOR'], 'D2');
    const held = [vehicle(), vehicle({ holderRole: 'SUPERIOR', holderUserId: 'auct' }), vehicle({ holderRole: 'MULTI_AUCTIONEER', holderUserId: 'multi' })];
    expect(held.map((v) => may(exhibitor, v, 'showcase'))).toEqual([true, true, true]);
    expect(held.map((v) => may(adminIt, v, 'showcase'))).toEqual([true, true, true]);
    expect([otherExhibitor, loader, superior, multi, buyer, ccDe].map((who) => may(who, vehicle(), 'showcase'))).toEqual([false, false, false, false, false, false]);
    // The exhibitor changes nothing else, and sees its dealer's stock (to pick vehicles from it).
    expect(all.filter((c) => may(exhibitor, vehicle(), c))).toEqual([]);
    expect(sees(exhibitor, vehicle())).toBe(true);
    expect(sees(otherExhibitor, vehicle())).toBe(false);
  });

  it('into an auction: an AUCTIONEER of the provenance\'s dealer (whoever holds it), the MULTI_AUCTIONEER holding it, an ADMIN of its market; never a loader', () => {
    const auction = (v: VehicleViewer, f: VehicleFacts) => may(v, f, 'auction');
    const held = [vehicle(), vehicle({ holderRole: 'SUPERIOR', holderUserId: 'auct' }), vehicle({ holderRole: 'MULTI_AUCTIONEER', holderUserId: 'multi' })];
    expect(held.map((f) => auction(superior, f))).toEqual([true, true, true]);
    expect(held.map((f) => auction(viewer('auct-2', ['AUCTIONEER'], 'D2'), f))).toEqual([false, false, false]);
    expect(held.map((f) => auction(multi, f))).toEqual([false, false, true]);
    expect(held.map((f) => auction(loader, f))).toEqual([false, false, false]);
    expect(held.map((f) => auction(adminIt, f))).toEqual([true, true, true]);
    expect(held.map((f) => auction(ccDe, { ...f, provenance: 'P-DE' }))).toEqual([false, false, false]);
  });
});

describe('who takes vehicles handed over', () => {
  const user = (roles: string[], idDealer: string | null, flgEnabled = true) => ({ roles, idDealer, flgEnabled });
  it('to a superior: an enabled AUCTIONEER of the provenance\'s dealer; not of another dealer, not disabled, not without a provenance', () => {
    expect(takesHandOver(user(['USER', 'AUCTIONEER'], 'D1'), 'sendToSup', PROV('P-IT'))).toBe(true);
    expect(takesHandOver(user(['USER', 'AUCTIONEER'], 'D2'), 'sendToSup', PROV('P-IT'))).toBe(false);
    expect(takesHandOver(user(['USER', 'AUCTIONEER'], 'D1', false), 'sendToSup', PROV('P-IT'))).toBe(false);
    expect(takesHandOver(user(['USER', 'LOADER', 'MULTI_AUCTIONEER'], 'D1'), 'sendToSup', PROV('P-IT'))).toBe(false);
    expect(takesHandOver(user(['USER', 'AUCTIONEER'], 'D1'), 'sendToSup', undefined)).toBe(false);
  });
  it('to a multi-auctioneer: an enabled MULTI_AUCTIONEER of any dealer; an AUCTIONEER is not one', () => {
    expect(takesHandOver(user(['USER', 'MULTI_AUCTIONEER'], 'D2'), 'sendToMultiAuctioneer', PROV('P-IT'))).toBe(true);
    expect(takesHandOver(user(['USER', 'MULTI_AUCTIONEER'], null), 'sendToMultiAuctioneer', undefined)).toBe(true);
    expect(takesHandOver(user(['USER', 'MULTI_AUCTIONEER'], 'D1', false), 'sendToMultiAuctioneer', PROV('P-IT'))).toBe(false);
    expect(takesHandOver(user(['USER', 'AUCTIONEER'], 'D1'), 'sendToMultiAuctioneer', PROV('P-IT'))).toBe(false);
  });
});

describe('where a vehicle sells', () => {
  it('given a provenance of one market, when an auction or showcase of a market names its vehicle, then only that market takes it', () => {
    expect(sellsInMarket(PROV('P-IT'), 'IT')).toBe(true);
    expect(sellsInMarket(PROV('P-DE'), 'DE')).toBe(true);
    // D1 supplies both markets: its Italian vehicle is not sold in Germany, nor its German one in Italy.
    expect(sellsInMarket(PROV('P-IT'), 'DE')).toBe(false);
    expect(sellsInMarket(PROV('P-DE'), 'IT')).toBe(false);
    expect(sellsInMarket(undefined, 'IT')).toBe(false);
  });
});
