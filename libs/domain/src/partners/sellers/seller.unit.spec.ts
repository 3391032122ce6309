import { describe, expect, it } from 'vitest';
import { spec } from '../../testing/decider-specification.test-support.js';
import { SELLER, SELLER_CONFIG, SELLER_REFERENCE, kindOf, streamId } from '../../streams.js';
import { evolveSeller, initialSellerState, sellerDecider, type SellerData, type SellerEvent } from './seller.js';
import { defaultSellerConfig, sellerConfigDecider, sellerConfigOf, type SellerConfigEvent } from './seller-config.js';
import { referenceSellerOf, sellerReferenceDecider, type SellerReferenceEvent } from './seller-reference.js';

const by = 'admin-1';
const now = 1_800_000_000_000;
const data: SellerData = { idSeller: 's1', idMarket: 'IT', areas: ['RM', 'MI', 'MI'], carSold: ['FROM_50_TO_100'] };
const created: SellerEvent = { type: 'SellerCreated', data: { idSeller: 's1', idMarket: 'IT', areas: ['MI', 'RM'], carSold: ['FROM_50_TO_100'], by, at: now } };
const deleted: SellerEvent = { type: 'SellerDeleted', data: { idSeller: 's1', by, at: now } };
const sellers = spec(sellerDecider);

describe('CreateSeller', () => {
  it('creates an active seller with its codes as a set and the audit stamp, never its name', () => {
    sellers.given([]).when({ type: 'CreateSeller', data, by, now }).then([created]);
    const { state } = sellers.given([]).when({ type: 'CreateSeller', data, by, now }).run();
    expect(state).toEqual({ status: 'ACTIVE', data: { idSeller: 's1', idMarket: 'IT', areas: ['MI', 'RM'], carSold: ['FROM_50_TO_100'] } });
    expect(Object.keys(created.data).sort()).toEqual(['areas', 'at', 'by', 'carSold', 'idMarket', 'idSeller']);
  });
  it('changes nothing when the seller exists (a retried create)', () => {
    sellers.given([created]).when({ type: 'CreateSeller', data: { ...data, areas: ['TO'] }, by, now }).thenNothing();
  });
});

describe('EditSeller', () => {
  it('records the codes that change and the names of the personal fields changed', () => {
    sellers.given([created]).when({ type: 'EditSeller', idSeller: 's1', codes: { areas: ['TO'], carSold: ['FROM_50_TO_100'] }, personalFields: ['surname', 'name'], by, now })
      .then([{ type: 'SellerEdited', data: { idSeller: 's1', areas: ['TO'], personalFields: ['name', 'surname'], by, at: now } }]);
  });
  it('writes nothing when nothing changes (codes only reordered)', () => {
    sellers.given([created]).when({ type: 'EditSeller', idSeller: 's1', codes: { areas: ['RM', 'MI'] }, personalFields: [], by, now }).thenNothing();
  });
  it('refuses an unknown or deleted seller (404370)', () => {
    sellers.given([]).when({ type: 'EditSeller', idSeller: 's1', codes: {}, personalFields: ['name'], by, now }).thenThrows('SELLER_NOT_FOUND');
    sellers.given([created, deleted]).when({ type: 'EditSeller', idSeller: 's1', codes: {}, personalFields: ['name'], by, now }).thenThrows('SELLER_NOT_FOUND');
  });
});

describe('DeleteSeller', () => {
  it('deletes a seller no dealer references; a second delete writes nothing', () => {
    sellers.given([created]).when({ type: 'DeleteSeller', idSeller: 's1', referencedBy: 0, by, now }).then([deleted]);
    sellers.given([created, deleted]).when({ type: 'DeleteSeller', idSeller: 's1', referencedBy: 0, by, now }).thenNothing();
  });
  it('refuses while dealers have it as their reference (409370), and an unknown seller (404370)', () => {
    sellers.given([created]).when({ type: 'DeleteSeller', idSeller: 's1', referencedBy: 2, by, now }).thenThrows('SELLER_STILL_REFERENCED');
    sellers.given([]).when({ type: 'DeleteSeller', idSeller: 's1', referencedBy: 0, by, now }).thenThrows('SELLER_NOT_FOUND');
  });
});

describe('evolveSeller', () => {
  it('never throws: an odd or unknown event leaves the state', () => {
    const state = evolveSeller(initialSellerState, created);
    expect(evolveSeller(state, created)).toBe(state);
    expect(evolveSeller(state, { type: 'SellerSomething', data: {} } as unknown as SellerEvent)).toBe(state);
    expect(evolveSeller(initialSellerState, deleted)).toBe(initialSellerState);
  });
});

describe('SetSellerConfig', () => {
  const configs = spec(sellerConfigDecider);
  const set: SellerConfigEvent = { type: 'SellerConfigSet', data: { idMarket: 'IT', assignBy: 'AREA', showToDealers: true, by, at: now } };
  it('sets a market\'s configuration; the one in force (the default included) writes nothing', () => {
    configs.given([]).when({ type: 'SetSellerConfig', config: { idMarket: 'IT', assignBy: 'AREA', showToDealers: true }, by, now }).then([set]);
    configs.given([]).when({ type: 'SetSellerConfig', config: defaultSellerConfig('IT'), by, now }).thenNothing();
    configs.given([set]).when({ type: 'SetSellerConfig', config: { idMarket: 'IT', assignBy: 'AREA', showToDealers: true }, by, now }).thenNothing();
    const { state } = configs.given([set]).when({ type: 'SetSellerConfig', config: { idMarket: 'IT', assignBy: 'MANUAL', showToDealers: false }, by, now }).run();
    expect(sellerConfigOf(state, 'IT')).toEqual({ idMarket: 'IT', assignBy: 'MANUAL', showToDealers: false });
  });
});

describe('AssociateSellerDealer', () => {
  const refs = spec(sellerReferenceDecider);
  const seller = evolveSeller(initialSellerState, created);
  const gone = evolveSeller(seller, deleted);
  const associated: SellerReferenceEvent = { type: 'SellerDealerAssociated', data: { idDealer: 'd1', idSeller: 's1', previous: null, by, at: now } };
  const associate = (idSeller: string | null, over = seller, dealerMarket: 'IT' | 'DE' = 'IT') =>
    ({ type: 'AssociateSellerDealer', idDealer: 'd1', dealerMarket, idSeller, seller: over, by, now }) as const;
  it('associates a dealer to an active seller of its market, once', () => {
    refs.given([]).when(associate('s1')).then([associated]);
    refs.given([associated]).when(associate('s1')).thenNothing();
    const { state } = refs.given([associated]).when(associate(null, initialSellerState)).run();
    expect(referenceSellerOf(state)).toBeNull();
  });
  it('refuses a seller of another market (422370) and an unknown or deleted one (404370)', () => {
    refs.given([]).when(associate('s1', seller, 'DE')).thenThrows('SELLER_MARKET_MISMATCH');
    refs.given([]).when(associate('s1', gone)).thenThrows('SELLER_NOT_FOUND');
    refs.given([]).when(associate('s2', initialSellerState)).thenThrows('SELLER_NOT_FOUND');
  });
});

describe('seller streams', () => {
  it('are told apart by their prefixes', () => {
    expect(kindOf(streamId.seller('s1'))).toBe(SELLER);
    expect(kindOf(streamId.sellerConfig('IT'))).toBe(SELLER_CONFIG);
    expect(kindOf(streamId.sellerReference('d1'))).toBe(SELLER_REFERENCE);
  });
});
