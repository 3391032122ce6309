import { describe, expect, it } from 'vitest';
import { spec } from '../../testing/decider-specification.test-support.js';
import { DEALER, kindOf, partitionKeyOfStream, streamId } from '../../streams.js';
import { dealerDecider, evolveDealer, initialDealerState, isDealerEnabled, type DealerData, type DealerEvent } from './dealer.js';

const data: DealerData = {
  idDealer: '6f1c2a9e-0000-4000-8000-000000000001', idMarket: 'IT', country: 'IT', region: 'MI', typeDealerActivity: 'DEALER',
  carSold: 'FROM_50_TO_100', buyingInterest: 'CARS', language: 'it', idReferenceUser: 'u1', registeredAt: '2026-11-22T10:00:00.000Z',
  documents: [{ kind: 'visura', idFile: 'f1', mediaType: 'application/pdf', size: 10, sha256: 'ab' }],
};
const registered: DealerEvent = { type: 'DealerRegistered', data: { ...data, status: 'PENDING', flgEnabled: false } };
const dealers = spec(dealerDecider);

describe('RegisterDealer', () => {
  it('registers a new dealer as PENDING and disabled, with only the codes, ids and documents it was given', () => {
    dealers.given([]).when({ type: 'RegisterDealer', data }).then([registered]);
    const { state } = dealers.given([]).when({ type: 'RegisterDealer', data }).run();
    expect(state).toEqual({ status: 'PENDING', data, flgEnabled: false });
    expect(isDealerEnabled(state)).toBe(false);
  });

  it('changes nothing when the dealer exists (a retried registration)', () => {
    dealers.given([registered]).when({ type: 'RegisterDealer', data: { ...data, region: 'RM' } }).thenNothing();
  });

  it('carries no personal data in the event', () => {
    const [event] = dealerDecider.decide({ type: 'RegisterDealer', data }, initialDealerState);
    const keys = Object.keys(event!.data).sort();
    expect(keys).toEqual(['buyingInterest', 'carSold', 'country', 'documents', 'flgEnabled', 'idDealer', 'idMarket', 'idReferenceUser',
      'language', 'region', 'registeredAt', 'status', 'typeDealerActivity']);
  });
});

describe('evolveDealer', () => {
  it('never throws: a second registration or an unknown event leaves the state', () => {
    const state = evolveDealer(initialDealerState, registered);
    expect(evolveDealer(state, { ...registered, data: { ...registered.data, country: 'DE' } })).toBe(state);
    expect(evolveDealer(state, { type: 'DealerSomething', data: {} } as unknown as DealerEvent)).toBe(state);
    const odd = evolveDealer(initialDealerState, { type: 'DealerRegistered', data: { ...registered.data, documents: null } } as unknown as DealerEvent);
    expect(odd.status === 'PENDING' && odd.data.documents).toEqual([]);
  });
});

describe('dealer streams', () => {
  it('are `dealer-{idDealer}`, folded by the dealer decider and keyed by themselves', () => {
    expect(streamId.dealer('x1')).toBe('dealer-x1');
    expect(kindOf('dealer-x1')).toBe(DEALER);
    expect(partitionKeyOfStream('dealer-x1', initialDealerState)).toBe('dealer-x1');
  });
});
