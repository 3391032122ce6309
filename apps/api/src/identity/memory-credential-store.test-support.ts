import type { CredentialStore } from './credential-store.port.js';

/** A credential store in a map, for unit tests. */
export class MemoryCredentialStore implements CredentialStore {
  readonly hashes = new Map<string, string>();

  async get(idUser: string): Promise<string | null> {
    return this.hashes.get(idUser) ?? null;
  }

  async set(idUser: string, hash: string): Promise<void> {
    this.hashes.set(idUser, hash);
  }

  async setIfAbsent(idUser: string, hash: string): Promise<boolean> {
    if (this.hashes.has(idUser)) return false;
    this.hashes.set(idUser, hash);
    return true;
  }

  async replace(idUser: string, previous: string, next: string): Promise<boolean> {
    if (this.hashes.get(idUser) !== previous) return false;
    this.hashes.set(idUser, next);
    return true;
  }

  async missing(idUsers: readonly string[]): Promise<string[]> {
    return idUsers.filter((id) => !this.hashes.has(id));
  }

  async delete(idUser: string): Promise<boolean> {
    return this.hashes.delete(idUser);
  }
}
