import { describe, expect, it } from 'vitest';
import type { ProvenanceView } from '@auction/contracts';
import { opensVehicleArea, vehicleActions } from './vehicle-powers.js';

const PROVENANCES: ProvenanceView[] = [{ code: 'LEASYS-IT', name: 'Leasys', idMarket: 'IT', idDealer: 'D-AUCT' }];
const user = (over: Partial<Parameters<typeof vehicleActions>[0] & object> = {}) =>
  ({ idUser: 'loader', roles: ['LOADER'], idDealer: 'D-AUCT', adminEnabledMarket: [], readOnly: false, ...over }) as NonNullable<Parameters<typeof vehicleActions>[0]>;
const vehicle = (over: Partial<Parameters<typeof vehicleActions>[2]> = {}) =>
  ({ provenance: 'LEASYS-IT', status: 'STOCK', published: false, holder: { role: 'LOADER', idUser: 'loader' }, ...over }) as Parameters<typeof vehicleActions>[2];

describe('vehicleActions (the API\'s one change rule, narrowed by the vehicle\'s state)', () => {
  it('a loader of the provenance\'s dealer edits, publishes and sends to a superior what the loaders hold', () => {
    expect(vehicleActions(user(), PROVENANCES, vehicle())).toEqual(['edit', 'publish', 'sendToSup']);
    expect(vehicleActions(user({ idUser: 'loader-b' }), PROVENANCES, vehicle({ published: true }))).toEqual(['edit', 'unpublish', 'sendToSup']);
  });

  it('a loader of another dealer, a read-only user and anyone on a vehicle not in stock get nothing', () => {
    expect(vehicleActions(user({ idDealer: 'D-EXHB' }), PROVENANCES, vehicle())).toEqual([]);
    expect(vehicleActions(user({ readOnly: true }), PROVENANCES, vehicle())).toEqual([]);
    expect(vehicleActions(user(), PROVENANCES, vehicle({ status: 'IN_AUCTION' }))).toEqual([]);
    expect(vehicleActions(null, PROVENANCES, vehicle())).toEqual([]);
  });

  it('the superior holding it sends it on or back; the loader no longer changes it', () => {
    const held = vehicle({ holder: { role: 'SUPERIOR', idUser: 'auctioneer' } });
    expect(vehicleActions(user({ idUser: 'auctioneer', roles: ['AUCTIONEER'] }), PROVENANCES, held)).toEqual(['edit', 'publish', 'sendToMultiAuctioneer', 'sendBack']);
    expect(vehicleActions(user(), PROVENANCES, held)).toEqual([]);
  });

  it('an ADMIN in the provenance\'s market may do what the holder may; CUSTOMER_CENTER only sees', () => {
    const admin = user({ idUser: 'admin', roles: ['ADMIN'], idDealer: null, adminEnabledMarket: ['IT'] });
    expect(vehicleActions(admin, PROVENANCES, vehicle())).toEqual(['edit', 'publish', 'sendToSup']);
    expect(vehicleActions({ ...admin, adminEnabledMarket: ['DE'] }, PROVENANCES, vehicle())).toEqual([]);
    expect(vehicleActions({ ...admin, roles: ['CUSTOMER_CENTER'] }, PROVENANCES, vehicle())).toEqual([]);
  });

  it('opens the vehicle area for the roles of GET /vehicle only', () => {
    expect(['LOADER', 'AUCTIONEER', 'MULTI_AUCTIONEER', 'ADMIN', 'CUSTOMER_CENTER'].every((r) => opensVehicleArea([r]))).toBe(true);
    expect(opensVehicleArea(['BUYER', 'EXHIBITOR'])).toBe(false);
  });
});
