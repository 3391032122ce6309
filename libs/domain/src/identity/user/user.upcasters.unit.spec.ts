import { describe, expect, it } from 'vitest';
import { upcastEvent, upcastEventData } from '../../upcasters.js';
import { legacyPasswordHashOf } from './user.upcasters.js';

const user = { idUser: 'u1', username: 'u1', roles: ['USER'], idDealer: null, idMarket: 'IT', preferredLanguage: 'en', consent1: true, consent2: true, consent3: true, flgEnabled: true };
const legacy = { type: 'UserRegistered', schemaVersion: 1, data: { ...user, passwordHash: 'scrypt$16384$8$1$c2FsdA$a2V5' } };

describe('reading user events of earlier releases', () => {
  it('drops the password hash from UserRegistered bodies, whatever their version', () => {
    expect(upcastEventData(legacy)).toEqual(user);
    expect(upcastEventData({ ...legacy, schemaVersion: 7 })).toEqual(user);
    const read = upcastEvent({ ...legacy, streamId: 'user-u1', position: 3 });
    expect(read).toEqual({ type: 'UserRegistered', schemaVersion: 1, streamId: 'user-u1', position: 3, data: user });
    expect(JSON.stringify(read)).not.toMatch(/passwordHash|scrypt\$/);
    expect(legacy.data.passwordHash).toBeDefined();
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
