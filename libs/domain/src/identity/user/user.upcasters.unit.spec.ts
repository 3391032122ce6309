import { describe, expect, it } from 'vitest';
import { upcastEvent, upcastEventData } from '../../upcasters.js';
import { legacyPasswordHashOf } from './user.upcasters.js';

// Current bodies carry no username (personal data: its home is the username claims beside the log).
const user = { idUser: 'u1', roles: ['USER'], idDealer: null, idMarket: 'IT', preferredLanguage: 'en', consent1: true, consent2: true, consent3: true, flgEnabled: true };
const legacy = { type: 'UserRegistered', schemaVersion: 1, data: { ...user, username: 'u1@example.com', passwordHash: 'scrypt$16384$8$1$c2FsdA$a2V5' } };

describe('reading user events of earlier releases', () => {
  it('drops the password hash from UserRegistered bodies, whatever their version', () => {
    expect(upcastEventData(legacy)).toEqual(user);
    expect(upcastEventData({ ...legacy, schemaVersion: 7 })).toEqual(user);
    const read = upcastEvent({ ...legacy, streamId: 'user-u1', position: 3 });
    expect(read).toEqual({ type: 'UserRegistered', schemaVersion: 1, streamId: 'user-u1', position: 3, data: user });
    expect(JSON.stringify(read)).not.toMatch(/passwordHash|scrypt\$|u1@example\.com/);
    expect(legacy.data.passwordHash).toBeDefined();
    expect(legacy.data.username).toBe('u1@example.com');
  });

  it('drops the username that offers and showcase sales of earlier releases carried (the stored body keeps it)', () => {
    const offer = { idLot: 'l1', idOffer: 'o1', idUser: 'u1', amount: 5000, clickAndBuy: false, placedAt: '2026-11-21T09:10:00.000Z', idempotencyKey: null };
    const oldOffer = { type: 'OfferPlaced', schemaVersion: 1, data: { ...offer, username: 'u1@example.com' } };
    expect(upcastEventData(oldOffer)).toEqual(offer);
    expect(oldOffer.data.username).toBe('u1@example.com');
    const sale = { idVehicle: 'v1', idUser: 'u1', price: 7500, soldAt: '2026-11-21T09:10:00.000Z' };
    expect(upcastEventData({ type: 'VehicleSold', schemaVersion: 1, data: { ...sale, username: 'u1@example.com' } })).toEqual(sale);
    const current = { type: 'OfferPlaced', schemaVersion: 1, data: offer };
    expect(upcastEvent(current)).toBe(current);
  });

  it('leaves bodies without secrets as they are (the same objects)', () => {
    const current = { type: 'UserRegistered', schemaVersion: 1, data: user };
    expect(upcastEvent(current)).toBe(current);
    const other = { type: 'OfferPlaced', schemaVersion: 1, data: { passwordHash: 'not a user event' } };
    expect(upcastEvent(other)).toBe(other);
  });

  it('finds the legacy hash for the start-up migration', () => {
    expect(legacyPasswordHashOf(legacy)).toBe('scrypt$16384$8$1$c2FsdA$a2V5');
    expect(legacyPasswordHashOf({ type: 'UserRegistered', data: user })).toBeNull();
    expect(legacyPasswordHashOf({ type: 'UserSessionEnded', data: { passwordHash: 'x' } })).toBeNull();
  });
});
