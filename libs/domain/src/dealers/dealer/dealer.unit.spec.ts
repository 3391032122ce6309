import { describe, expect, it } from 'vitest';
import { spec } from '../../testing/decider-specification.test-support.js';
import { DEALER, kindOf, partitionKeyOfStream, streamId } from '../../streams.js';
import {
  DEALER_RULE_CODES, DealerRuleError, NO_CAPABILITIES, dealerDecider, evolveDealer, initialDealerState, isDealerEnabled, isDealerListed,
  type DealerCommand, type DealerData, type DealerEvent, type DealerState,
} from './dealer.js';

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
    expect(state).toEqual({ status: 'PENDING', data, flgEnabled: false, capabilities: NO_CAPABILITIES, approved: false });
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

const by = 'admin-1';
const now = 1_800_000_000_000;
const enable = (flgEnabled: boolean): DealerCommand => ({ type: 'SetDealerEnabled', idDealer: data.idDealer, flgEnabled, by, now });
const enabledEvent = (flgEnabled: boolean, from: DealerState['status']): DealerEvent => ({
  type: 'DealerEnabledChanged',
  data: { idDealer: data.idDealer, flgEnabled, status: flgEnabled ? 'ENABLED' : 'DISABLED', from: from as 'PENDING', ...(flgEnabled ? {} : { switchedOff: [] }), by, at: now },
});
const deleted: DealerEvent = { type: 'DealerDeleted', data: { idDealer: data.idDealer, from: 'ENABLED', by, at: now } };

function refused(events: DealerEvent[], command: DealerCommand, code: number): void {
  const state = events.reduce(evolveDealer, initialDealerState);
  let caught: unknown = null;
  try { dealerDecider.decide(command, state); } catch (error) { caught = error; }
  expect(caught).toBeInstanceOf(DealerRuleError);
  expect((caught as DealerRuleError).code).toBe(code);
}

describe('CreateDealerByAdmin', () => {
  it('creates an ENABLED dealer with the audit stamp; a retry changes nothing', () => {
    const { events, state } = dealers.given([]).when({ type: 'CreateDealerByAdmin', data, by, now }).run();
    expect(events).toEqual([{ type: 'DealerCreatedByAdmin', data: { ...data, status: 'ENABLED', flgEnabled: true, by, at: now } }]);
    expect(state).toEqual({ status: 'ENABLED', data, flgEnabled: true, capabilities: NO_CAPABILITIES, approved: true });
    dealers.given(events).when({ type: 'CreateDealerByAdmin', data, by, now }).thenNothing();
  });
});

describe('SetDealerEnabled', () => {
  it('enables a PENDING dealer, disables and re-enables it, each with {by, at}', () => {
    dealers.given([registered]).when(enable(true)).then([enabledEvent(true, 'PENDING')]);
    const { state } = dealers.given([registered, enabledEvent(true, 'PENDING')]).when(enable(false)).run();
    expect(state.status).toBe('DISABLED');
    expect(isDealerEnabled(state)).toBe(false);
    dealers.given([registered, enabledEvent(true, 'PENDING'), enabledEvent(false, 'ENABLED')]).when(enable(true)).then([enabledEvent(true, 'DISABLED')]);
  });
  it('a PENDING dealer may be refused (disabled) at once', () => {
    dealers.given([registered]).when(enable(false)).then([enabledEvent(false, 'PENDING')]);
  });
  it('changes nothing when already in that state', () => {
    dealers.given([registered, enabledEvent(true, 'PENDING')]).when(enable(true)).thenNothing();
  });
  it('refuses an unknown (404040) or deleted (409130) dealer', () => {
    refused([], enable(true), DEALER_RULE_CODES.NOT_FOUND);
    refused([registered, deleted], enable(true), DEALER_RULE_CODES.STATE_CONFLICT);
  });
});

describe('SetDealerCapability', () => {
  const cap = (capability: 'auctioneer' | 'exhibitor' | 'multiAuctioneer', flgEnabled: boolean): DealerCommand =>
    ({ type: 'SetDealerCapability', idDealer: data.idDealer, capability, flgEnabled, by, now });
  it('sets and clears a capability flag; a repeat is a no-op', () => {
    const { events, state } = dealers.given([registered]).when(cap('auctioneer', true)).run();
    expect(events).toEqual([{ type: 'DealerCapabilityChanged', data: { idDealer: data.idDealer, capability: 'auctioneer', flgEnabled: true, by, at: now } }]);
    expect(state.status !== 'NONE' && state.capabilities).toEqual({ auctioneer: true, exhibitor: false, multiAuctioneer: false });
    dealers.given([registered, ...events]).when(cap('auctioneer', true)).thenNothing();
    dealers.given([registered]).when(cap('exhibitor', false)).thenNothing();
    const cleared = dealers.given([registered, ...events]).when(cap('auctioneer', false)).run().state;
    expect(cleared.status !== 'NONE' && cleared.capabilities.auctioneer).toBe(false);
  });
  it('refuses on a deleted dealer', () => refused([registered, deleted], cap('exhibitor', true), DEALER_RULE_CODES.STATE_CONFLICT));
});

describe('EditDealerByAdmin', () => {
  const edit = (codes: object, personalFields: string[]): DealerCommand =>
    ({ type: 'EditDealerByAdmin', idDealer: data.idDealer, codes, personalFields, by, now });
  it('records changed codes and the NAMES of changed personal fields only', () => {
    const { events, state } = dealers.given([registered]).when(edit({ region: 'RM', carSold: data.carSold }, ['vatCode', 'businessName', 'vatCode'])).run();
    expect(events).toEqual([{ type: 'DealerEditedByAdmin', data: { idDealer: data.idDealer, region: 'RM', personalFields: ['businessName', 'vatCode'], by, at: now } }]);
    expect(state.status !== 'NONE' && state.data.region).toBe('RM');
  });
  it('changes nothing when nothing differs', () => dealers.given([registered]).when(edit({ region: 'MI' }, [])).thenNothing());
  it('refuses on a deleted dealer', () => refused([registered, deleted], edit({}, ['city']), DEALER_RULE_CODES.STATE_CONFLICT));
});

describe('DeleteDealer', () => {
  it('deletes (history kept, gone from lists); a second delete is a no-op', () => {
    const { events, state } = dealers.given([registered]).when({ type: 'DeleteDealer', idDealer: data.idDealer, by, now }).run();
    expect(events).toEqual([{ type: 'DealerDeleted', data: { idDealer: data.idDealer, from: 'PENDING', by, at: now } }]);
    expect(state.status).toBe('DELETED');
    expect(isDealerListed(state)).toBe(false);
    expect(state.status !== 'NONE' && state.data.idReferenceUser).toBe('u1');
    dealers.given([registered, ...events]).when({ type: 'DeleteDealer', idDealer: data.idDealer, by, now }).thenNothing();
  });
  it('refuses an unknown dealer', () => refused([], { type: 'DeleteDealer', idDealer: 'x', by, now }, DEALER_RULE_CODES.NOT_FOUND));
  it('a deleted dealer is not re-enabled by a stray event', () => {
    const state = [registered, deleted, enabledEvent(true, 'DISABLED')].reduce(evolveDealer, initialDealerState);
    expect(state.status).toBe('DELETED');
  });
});

describe('audit events carry no personal data', () => {
  it('every back-office event holds ids, codes, flags and {by, at}', () => {
    const events = [
      ...dealerDecider.decide(enable(true), evolveDealer(initialDealerState, registered)),
      ...dealerDecider.decide({ type: 'EditDealerByAdmin', idDealer: data.idDealer, codes: {}, personalFields: ['email'], by, now }, evolveDealer(initialDealerState, registered)),
    ];
    for (const event of events) {
      expect(event.data).toMatchObject({ by, at: now, idDealer: data.idDealer });
      expect(JSON.stringify(event.data)).not.toMatch(/@/);
    }
  });
});
