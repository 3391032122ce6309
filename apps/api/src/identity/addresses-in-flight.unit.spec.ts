/**
 * The logins in flight per client address, and whether one ended while the address's failures were read: a login
 * that ends during the read has left the logins in flight while its failure may be missing from what was read, and
 * the waiting login must not be admitted on that read (login-protection.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { AddressesInFlight } from './addresses-in-flight.js';

/** Reads the failures of address `a` (7 of them) while `during` runs; resolves with what whileNoneEnds says. */
function readWhile(addresses: AddressesInFlight, during: () => void) {
  let finish!: (failures: number) => void;
  const reading = addresses.whileNoneEnds('a', () => new Promise<number>((resolve) => { finish = resolve; }));
  during();
  finish(7);
  return reading;
}

describe('AddressesInFlight.whileNoneEnds', () => {
  it('sees a login of the address ending during the read, even the last one in flight, and then forgets the address', async () => {
    const addresses = new AddressesInFlight();
    addresses.add('a');
    expect(await readWhile(addresses, () => addresses.remove('a'))).toEqual({ value: 7, ended: true });
    expect(addresses.tracks('a')).toBe(false);
  });

  it('says no login ended when none did, and ignores the logins of other addresses', async () => {
    const addresses = new AddressesInFlight();
    addresses.add('a');
    addresses.add('b');
    const other = () => {
      addresses.remove('b');
      addresses.add('c');
      addresses.remove('c');
    };
    expect(await readWhile(addresses, other)).toEqual({ value: 7, ended: false });
    expect(addresses.pending('a')).toBe(1);
  });

  it('does not count a login that ended before the read began (its failure is in what is read)', async () => {
    const addresses = new AddressesInFlight();
    addresses.add('a');
    addresses.add('a');
    addresses.remove('a');
    expect(await readWhile(addresses, () => undefined)).toEqual({ value: 7, ended: false });
  });

  it('keeps the address while it is read: an end is not lost with an entry forgotten and made anew', async () => {
    const addresses = new AddressesInFlight();
    const during = () => {
      // A waiting login of the address leaves (its call abandoned): nothing is in flight, the address looks idle.
      addresses.wake('a');
      expect(addresses.tracks('a')).toBe(true);
      // Another login is admitted and ends, all during the read.
      addresses.add('a');
      addresses.remove('a');
    };
    expect(await readWhile(addresses, during)).toEqual({ value: 7, ended: true });
    expect(addresses.tracks('a')).toBe(false);
  });

  it('lets the address go when the read fails', async () => {
    const addresses = new AddressesInFlight();
    await expect(addresses.whileNoneEnds('a', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(addresses.tracks('a')).toBe(false);
  });
});
