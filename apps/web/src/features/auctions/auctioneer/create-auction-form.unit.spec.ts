// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import type { AuctionView, LotView, VehicleCard } from '@auction/contracts';
import { CreateAuctionRequest, EditAuctionRequest } from '@auction/contracts';
import {
  addVehicleLots, auctionFormOf, emptyLot, errorsStillShown, initialAuctionForm, lotFromVehicle, toCreateAuctionRequest, withChannel, type AuctionForm,
} from './create-auction-form.js';

// The browser's clock is not the market's: New York while the auction is Italian or German (#21 item 19).
process.env.TZ = 'America/New_York';

/** An instant on the winter clock of Rome and Berlin (UTC+1), as the pickers of the auction's market read it. */
const local = (y: number, mo: number, d: number, h: number, mi: number) => new Date(Date.UTC(y, mo - 1, d, h - 1, mi)).toISOString();

const lot = { ...emptyLot(), licensePlate: 'GA123BC', frame: 'ZFA31200000123456', brand: 'Fiat', model: '500', basePrice: '5000', minIncrement: '100' };
const form: AuctionForm = {
  auctionName: 'Fleet returns week 47', idMarket: 'IT', auctionType: 'OTH', regulationRequired: true, windowSeconds: '60', extendSeconds: '30',
  start: { date: '21/11/2026', hour: '09', minute: '00' }, end: { date: '21/11/2026', hour: '10', minute: '05' }, lots: [lot],
};

describe('create-auction form → request', () => {
  test('maps every field: DD/MM/YYYY + HH:mm to ISO instants, amounts to numbers, extension to seconds', () => {
    const result = toCreateAuctionRequest({
      ...form,
      lots: [{ ...lot, basePrice: "5'000,50", reservePrice: '6500', buyNowPrice: '9.000,00' }, { ...lot, licensePlate: 'XY987ZW', frame: '  ' }],
    });
    expect(result).toEqual({
      ok: true,
      request: {
        auctionName: 'Fleet returns week 47', idMarket: 'IT', auctionType: 'OTH', regulationRequired: true,
        startDate: local(2026, 11, 21, 9, 0), endDate: local(2026, 11, 21, 10, 5),
        extension: { windowSeconds: 60, extendSeconds: 30 },
        lots: [
          { licensePlate: 'GA123BC', frame: 'ZFA31200000123456', brand: 'Fiat', model: '500', basePrice: 5000.5, minIncrement: 100, reservePrice: 6500, buyNowPrice: 9000 },
          { licensePlate: 'XY987ZW', brand: 'Fiat', model: '500', basePrice: 5000, minIncrement: 100 },
        ],
      },
    });
    if (result.ok) expect(result.request.startDate.endsWith(':00.000Z')).toBe(true);
  });

  test('text fields are trimmed', () => {
    const result = toCreateAuctionRequest({ ...form, auctionName: '  Week 47 ', lots: [{ ...lot, licensePlate: ' GA123BC ' }] });
    expect(result.ok && [result.request.auctionName, result.request.lots[0]!.licensePlate]).toEqual(['Week 47', 'GA123BC']);
  });

  test('missing and malformed fields are reported by field path', () => {
    const result = toCreateAuctionRequest({
      ...form, auctionName: ' ', windowSeconds: '1.5', start: { date: '31/02/2026', hour: '09', minute: '00' },
      lots: [{ ...lot, brand: '', basePrice: 'abc', minIncrement: '' }],
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        auctionName: 'required', startDate: 'date', 'extension.windowSeconds': 'seconds',
        'lots.0.brand': 'required', 'lots.0.basePrice': 'amount', 'lots.0.minIncrement': 'required',
      },
    });
  });

  test('an end before the start is refused', () => {
    const result = toCreateAuctionRequest({ ...form, end: { date: '21/11/2026', hour: '08', minute: '59' } });
    expect(result).toEqual({ ok: false, errors: { endDate: 'endBeforeStart' } });
  });

  test('contract rules: reserve and buy-now not below base, amounts positive with 2 decimals, at least one lot', () => {
    const result = toCreateAuctionRequest({ ...form, lots: [{ ...lot, reservePrice: '4999', buyNowPrice: '100' }] });
    expect(result).toEqual({ ok: false, errors: { 'lots.0.reservePrice': 'belowBase', 'lots.0.buyNowPrice': 'belowBase' } });
    expect(toCreateAuctionRequest({ ...form, lots: [{ ...lot, minIncrement: '0,001' }] })).toEqual({ ok: false, errors: { 'lots.0.minIncrement': 'amount' } });
    expect(toCreateAuctionRequest({ ...form, lots: [] })).toEqual({ ok: false, errors: { lots: 'noLots' } });
    expect(toCreateAuctionRequest({ ...form, lots: [{ ...lot, basePrice: '-10' }] })).toEqual({ ok: false, errors: { 'lots.0.basePrice': 'amount' } });
  });

  test('a new form starts at the next whole hour for one hour, with one blank lot', () => {
    const now = Date.parse(local(2026, 11, 21, 9, 17)) + 42_000;
    const initial = initialAuctionForm(now, 'DE');
    expect(initial.start).toEqual({ date: '21/11/2026', hour: '10', minute: '00' });
    expect(initial.end).toEqual({ date: '21/11/2026', hour: '11', minute: '00' });
    expect(initial.idMarket).toBe('DE');
    expect(initial.lots).toEqual([emptyLot()]);
  });
});

describe('messages after a submit', () => {
  test('a fixed field loses its message at once; a field still wrong keeps it; no new message before the next submit', () => {
    const broken: AuctionForm = { ...form, auctionName: '', lots: [{ ...lot, licensePlate: '', basePrice: 'abc' }] };
    const result = toCreateAuctionRequest(broken);
    if (result.ok) throw new Error('expected errors');
    const shown = result.errors;
    expect(Object.keys(shown)).toEqual(expect.arrayContaining(['auctionName', 'lots.0.licensePlate', 'lots.0.basePrice']));
    const named = errorsStillShown(shown, { ...broken, auctionName: 'Fleet' });
    expect(named.auctionName).toBeUndefined();
    expect(named['lots.0.licensePlate']).toBe(shown['lots.0.licensePlate']);
    // A field that breaks after the submit gets no message until the next one.
    expect(errorsStillShown(named, { ...broken, auctionName: 'Fleet', windowSeconds: 'x' })['extension.windowSeconds']).toBeUndefined();
    // Nothing changed: the same object, so React does not render again.
    expect(errorsStillShown(named, { ...broken, auctionName: 'Fleet' })).toBe(named);
    expect(errorsStillShown({}, broken)).toEqual({});
  });
});

describe('lots picked from the stock (#22 item 5)', () => {
  const vehicle = (id: string, extra: Partial<VehicleCard> = {}): VehicleCard => ({
    idVehicle: id, provenance: 'LEASYS-IT', provenanceName: 'Leasys Italia', status: 'STOCK', published: true, holder: { role: 'LOADER', idUser: 'loader' },
    licensePlate: `GD${id}`, frame: `ZFA3120000020000${id}`, brand: 'Fiat', model: 'Tipo', version: '1.6 MJT', firstRegistration: '2019-01-15',
    mileageKm: 25000, fuel: 'DIESEL', gearbox: 'MANUAL', powerKw: 88, colour: 'Bianco', damageTotal: 0, channel: 'LEASING', area: 'Nord', region: 'Lombardia',
    price: null, auctionsCount: 0, insertDate: '2026-11-01T00:00:00.000Z', photos: [`p${id}a`, `p${id}b`], idAuction: null, idLot: null, idShowcase: null, ...extra,
  });

  test('a picked vehicle is a lot row with its data, its cover photo and its price as the base price', () => {
    expect(lotFromVehicle(vehicle('1', { price: 7250.5 }))).toEqual({
      ...emptyLot(), idVehicle: '1', cover: 'p1a', licensePlate: 'GD1', frame: 'ZFA31200000200001', brand: 'Fiat', model: 'Tipo 1.6 MJT', basePrice: '7250.5',
    });
    expect(lotFromVehicle(vehicle('2', { photos: [], version: null }))).toMatchObject({ cover: '', model: 'Tipo', basePrice: '' });
  });

  test('picked vehicles go after the typed lots, each once; the untouched blank row gives way', () => {
    const picked = addVehicleLots([emptyLot()], [vehicle('1'), vehicle('2'), vehicle('1')]);
    expect(picked.map((l) => l.idVehicle)).toEqual(['1', '2']);
    const again = addVehicleLots([lot, ...picked], [vehicle('2'), vehicle('3')]);
    expect(again.map((l) => l.idVehicle || l.licensePlate)).toEqual(['GA123BC', '1', '2', '3']);
    expect(addVehicleLots([emptyLot()], [])).toEqual([emptyLot()]);
  });
});

describe('editing an auction (the spec\'s `auction` screen)', () => {
  const lotView = (idLot: string, lotNumber: number, extra: Partial<LotView> = {}): LotView => ({
    idLot, idAuction: 'A-1', lotNumber, licensePlate: `GA${lotNumber}00BC`, frame: null, brand: 'Fiat', model: 'Panda', basePrice: 5000.5,
    minIncrement: 100, buyNowPrice: null, reservePrice: 7000, status: 'SCH', awardStatus: 'NONE', bestOffer: null, bestOfferId: null,
    offersCount: 0, endDate: '2026-12-01T10:00:00.000Z', nextMinimumOffer: 5000.5, idOfferAwarded: null, ...extra,
  } as LotView);
  const auction: AuctionView = {
    idAuction: 'A-1', auctionName: 'Fleet week 49', idMarket: 'DE', auctionType: 'LEA', status: 'SCH', startDate: '2026-12-01T09:07:00.000Z',
    endDate: '2026-12-01T10:00:00.000Z', regulationRequired: true, extension: { windowSeconds: 120, extendSeconds: 30 }, idOwner: 'auctioneer', idTemplate: null,
    lots: [lotView('L-1', 1), lotView('L-2', 2, { frame: 'WVWZZZ1JZXW000001', buyNowPrice: 9999.99, reservePrice: null })],
  };

  test('the form of an auction gives back the same request, lots keeping their ids, times on the market\'s clock', () => {
    const form = auctionFormOf(auction);
    expect(form.start).toEqual({ date: '01/12/2026', hour: '10', minute: '07' }); // Berlin, UTC+1
    expect(form.lots.map((l) => [l.idLot, l.basePrice, l.reservePrice, l.buyNowPrice])).toEqual([['L-1', '5000.50', '7000', ''], ['L-2', '5000.50', '', '9999.99']]);
    const result = toCreateAuctionRequest(form);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.request).toMatchObject({
      auctionName: 'Fleet week 49', idMarket: 'DE', auctionType: 'LEA', regulationRequired: true, startDate: auction.startDate, endDate: auction.endDate,
      extension: { windowSeconds: 120, extendSeconds: 30 },
    });
    expect(result.request.lots).toEqual([
      { idLot: 'L-1', licensePlate: 'GA100BC', brand: 'Fiat', model: 'Panda', basePrice: 5000.5, minIncrement: 100, reservePrice: 7000 },
      { idLot: 'L-2', licensePlate: 'GA200BC', frame: 'WVWZZZ1JZXW000001', brand: 'Fiat', model: 'Panda', basePrice: 5000.5, minIncrement: 100, buyNowPrice: 9999.99 },
    ]);
  });
  test('the channel: editing always sends it (null: back to the default channel, every dealer); creating sends only a template', () => {
    const result = toCreateAuctionRequest(auctionFormOf({ ...auction, idTemplate: 'T-PARTNER' }));
    if (!result.ok) throw new Error('the form of an auction is valid');
    const edit = (idTemplate: string | null) => ({ ...withChannel(result.request, idTemplate, true), idAuction: auction.idAuction });
    const back = edit(null);
    expect(back).toHaveProperty('idTemplate', null);
    // What goes on the wire: null stays null (it is not dropped as undefined would be), and the contract takes it.
    expect(JSON.parse(JSON.stringify(back)).idTemplate).toBeNull();
    expect(EditAuctionRequest.parse(back).idTemplate).toBeNull();
    expect(edit('T-OTHER').idTemplate).toBe('T-OTHER');
    expect(withChannel(result.request, null, false)).not.toHaveProperty('idTemplate');
    expect(withChannel(result.request, 'T-PARTNER', false).idTemplate).toBe('T-PARTNER');
    expect(CreateAuctionRequest.parse({ ...result.request, idTemplate: null }).idTemplate).toBeNull();
  });
});
