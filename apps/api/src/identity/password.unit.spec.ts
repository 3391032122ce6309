import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../platform/config/app-config.js';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, needsRehash, verifyPassword, verifyWithoutHash } from './password.js';

const paramsOf = (hash: string) => hash.split('$').slice(0, 4);

describe('password hashing (scrypt)', () => {
  it('defaults to OWASP\'s minimum, N = 2^17, r = 8, p = 1, in the code and in the configuration', async () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(17);
    expect(loadConfig({}).passwordHashCost).toBe(17);
    const hash = await hashPassword('correct horse');
    expect(paramsOf(hash)).toEqual(['scrypt', '131072', '8', '1']);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('takes PASSWORD_HASH_COST from 14 to 20 and refuses less', () => {
    expect(loadConfig({ PASSWORD_HASH_COST: '14' }).passwordHashCost).toBe(14);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '13' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '21' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('salts every hash on its own', async () => {
    const [a, b] = await Promise.all([hashPassword('same', 14), hashPassword('same', 14)]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('asks to rehash a hash weaker than the current cost, or one it cannot read', async () => {
    const old = await hashPassword('pw', 14);
    expect(paramsOf(old)).toEqual(['scrypt', '16384', '8', '1']);
    expect(needsRehash(old, 14)).toBe(false);
    expect(needsRehash(old, 15)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash('plain-text')).toBe(true);
  });

  it('never matches, yet spends one scrypt, without a hash or with one it cannot read', async () => {
    expect(await verifyWithoutHash('pw', 14)).toBe(false);
    for (const bad of ['', 'plain', 'scrypt$16384$8$1$c2FsdA', 'scrypt$3$8$1$c2FsdA$a2V5', `scrypt$${2 ** 24}$8$1$c2FsdA$a2V5`]) {
      expect(await verifyPassword('pw', bad, 14)).toBe(false);
    }
  });
});
