import { describe, expect, it } from '@jest/globals';
import { CreateAuctionRequest, EditAuctionRequest, NotAwardRequest, VehicleIdsQuery, VehicleIdsRequest, isCleanText } from '@auction/contracts';
import { ValidationError, parse } from './validation.js';

const lot = (licensePlate: string, idLot?: string) => ({ licensePlate, brand: 'Fiat', model: '500', basePrice: 1000, minIncrement: 10, idLot });
const edit = (lots: object[]) => ({
  idAuction: 'a1', auctionName: 'x', idMarket: 'IT', auctionType: 'OTH', startDate: '2026-11-21T09:00:00Z', endDate: '2026-11-21T10:00:00Z', lots,
});

describe('id lists never name an id twice (issue 11 item 5)', () => {
  it('refuses a repeated id in not-award, vehicle bodies and queries, and an edit naming one idLot twice', () => {
    expect(NotAwardRequest.safeParse({ idLots: ['L', 'L', 'L'] }).success).toBe(false);
    expect(VehicleIdsRequest.safeParse({ idVehicles: ['v1', 'v1'] }).success).toBe(false);
    expect(VehicleIdsQuery.safeParse({ idVehicles: 'v1,v2,v1' }).success).toBe(false);
    expect(EditAuctionRequest.safeParse(edit([lot('A1', 'a1-1'), lot('A2', 'a1-1')])).success).toBe(false);
  });

  it('takes distinct ids, and edit lots without an idLot', () => {
    expect(NotAwardRequest.safeParse({ idLots: ['L1', 'L2'] }).success).toBe(true);
    expect(VehicleIdsQuery.safeParse({ idVehicles: 'v1,v2' }).success).toBe(true);
    expect(EditAuctionRequest.safeParse(edit([lot('A1', 'a1-1'), lot('A2'), lot('A3')])).success).toBe(true);
  });
});

describe('text without NUL or lone surrogates (item 10)', () => {
  it('refuses NUL and lone surrogates, keeps pairs', () => {
    expect(['a\u0000b', 'a\uD800', '\uDC00b', 'x\uDBFF\uDBFFy'].map(isCleanText)).toEqual([false, false, false, false]);
    expect(['plain', 'émoji 🚗', ''].map(isCleanText)).toEqual([true, true, true]);
  });
});

describe('the shared parse step refuses unclean text anywhere in the input', () => {
  it('names the field of a NUL in a nested body or a key', () => {
    const body = { ...edit([lot('A1')]), auctionName: 'a\u0000b' };
    expect(() => parse(CreateAuctionRequest, body)).toThrow(ValidationError);
    expect(() => parse(CreateAuctionRequest, { ...edit([{ ...lot('A1'), brand: 'x\uD800' }]) })).toThrow(/lots\.0\.brand/);
    expect(() => parse(NotAwardRequest, { idLots: ['L1'], ['k\u0000']: 1 })).toThrow(ValidationError);
  });
});
