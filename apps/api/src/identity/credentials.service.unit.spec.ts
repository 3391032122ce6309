import { describe, expect, it } from '@jest/globals';
import { CredentialsService } from './credentials.service.js';
import { MemoryCredentialStore } from './memory-credential-store.test-support.js';
import { hashPassword } from './password.js';

const costOf = (hash: string | undefined) => Math.log2(Number(hash?.split('$')[1]));

function service(cost = 15) {
  const store = new MemoryCredentialStore();
  return { store, credentials: new CredentialsService(store, { passwordHashCost: cost }) };
}

describe('CredentialsService', () => {
  it('refuses an unknown user and a user without a password', async () => {
    const { credentials } = service();
    expect(await credentials.verify(null, 'pw')).toBe(false);
    expect(await credentials.verify('nobody', 'pw')).toBe(false);
  });

  it('rehashes a hash weaker than the current cost after a successful login, and only then', async () => {
    const { store, credentials } = service(15);
    const old = await hashPassword('secret-1', 14);
    store.hashes.set('u1', old);
    expect(await credentials.verify('u1', 'wrong')).toBe(false);
    expect(store.hashes.get('u1')).toBe(old);
    expect(await credentials.verify('u1', 'secret-1')).toBe(true);
    const upgraded = store.hashes.get('u1');
    expect(costOf(upgraded)).toBe(15);
    expect(await credentials.verify('u1', 'secret-1')).toBe(true);
    expect(store.hashes.get('u1')).toBe(upgraded);
  });

  it('does not let a rehash overwrite a password changed meanwhile', async () => {
    const { store, credentials } = service(15);
    const old = await hashPassword('secret-1', 14);
    store.hashes.set('u1', old);
    const changed = await hashPassword('secret-2', 15);
    const get = store.get.bind(store);
    store.get = async (id) => {
      const stored = await get(id);
      store.hashes.set('u1', changed);
      return stored;
    };
    expect(await credentials.verify('u1', 'secret-1')).toBe(true);
    expect(store.hashes.get('u1')).toBe(changed);
  });

  it('gives the users without a password the shared one (one hash for them all), and keeps existing ones', async () => {
    const { store, credentials } = service(14);
    const kept = await hashPassword('older', 14);
    store.hashes.set('a', kept);
    expect(await credentials.setMissing(['a', 'b', 'c'], 'demo-pass')).toBe(2);
    expect(store.hashes.get('a')).toBe(kept);
    // One scrypt for the call, not one a user.
    expect(store.hashes.get('b')).toBe(store.hashes.get('c'));
    expect(await credentials.verify('b', 'demo-pass')).toBe(true);
    expect(await credentials.verify('c', 'demo-pass')).toBe(true);
    expect(await credentials.setMissing(['a', 'b', 'c'], 'demo-pass')).toBe(0);
    // A password set later has a salt of its own.
    await credentials.set('c', 'demo-pass');
    expect(store.hashes.get('c')).not.toBe(store.hashes.get('b'));
    expect(await credentials.verify('c', 'demo-pass')).toBe(true);
  });
});
