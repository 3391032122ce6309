/**
 * The logins in flight per client address, and whether one ended while the address's failures were read: a login
 * that ends during the read has left the logins in flight while its failure may be missing from what was read, and
 * the waiting login must not be admitted on that read (login-protection.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { AddressesInFlight } from './addresses-in-flight.js';

/** A read of the failures that returns `value` when `finish` is called, or fails when `fail` is. */
function pendingRead(value = 7) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<number>((resolve, reject) => {
    finish = () => resolve(value);
    fail = reject;
  });
  return { read: () => promise, finish, fail };
}

describe('AddressesInFlight.whileNoneEnds', () => {
  it('sees a login of the address ending during the read, even the last one in flight, and then forgets the address', async () => {
    const addresses = new AddressesInFlight();
    addresses.add('a');
    const { read, finish } = pendingRead();
    const reading = addresses.whileNoneEnds('a', read);
    addresses.remove('a');
    finish();
    expect(await reading).toEqual({ value: 7, ended: true });
    expect(addresses.tracks('a')).toBe(false);
  });

  it('says no login ended when none did, and ignores the logins of other addresses', async () => {
    const addresses = new AddressesInFlight();
    addresses.add('a');
    addresses.add('b');
    const { read, finish } = pendingRead();
    const reading = addresses.whileNoneEnds('a', read);
    addresses.remove('b');
    addresses.add('c');
    addresses.remove('c');
    finish();
    expect(await reading).toEqual({ value: 7, ended: false });
    expect(addresses.pending('a')).toBe(1);
  });

  it('does not count a login that ended before the read began (its failure is in what is read)', async () => {
    const addresses = new AddressesInFlight();
    addresses.add('a');
    addresses.add('a');
    addresses.remove('a');
    const { read, finish } = pendingRead();
    const reading = addresses.whileNoneEnds('a', read);
    finish();
    expect(await reading).toEqual({ value: 7, ended: false });
  });

  it('keeps the address while it is read: an end is not lost with an entry forgotten and made anew', async () => {
    const addresses = new AddressesInFlight();
    const { read, finish } = pendingRead();
    const reading = addresses.whileNoneEnds('a', read);
    // A waiting login of the address leaves (its call abandoned): nothing is in flight, the address looks idle.
    addresses.wake('a');
    expect(addresses.tracks('a')).toBe(true);
    // Another login is admitted and ends, all during the read.
    addresses.add('a');
    addresses.remove('a');
    finish();
    expect(await reading).toEqual({ value: 7, ended: true });
    expect(addresses.tracks('a')).toBe(false);
  });

  it('lets the address go when the read fails', async () => {
    const addresses = new AddressesInFlight();
    const { read, fail } = pendingRead();
    const reading = addresses.whileNoneEnds('a', read);
    fail(new Error('database down'));
    await expect(reading).rejects.toThrow('database down');
    expect(addresses.tracks('a')).toBe(false);
  });
});
