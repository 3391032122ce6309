/**
 * Where password hashes live: beside the event log, never in it. A credential is a secret, not history: it is
 * not replayed, exported or shown by the events API, and it can be replaced (a stronger hash) or erased.
 */
export interface CredentialStore {
  /** The stored password hash of a user, or null when it has none. */
  get(idUser: string): Promise<string | null>;
  /** Stores a user's password hash, replacing any previous one. */
  set(idUser: string, hash: string): Promise<void>;
  /** Stores the hash only when the user has none yet; true when it was stored. */
  setIfAbsent(idUser: string, hash: string): Promise<boolean>;
  /** Replaces the hash only while it still is `previous` (a rehash must not undo a change made meanwhile); true when replaced. */
  replace(idUser: string, previous: string, next: string): Promise<boolean>;
  /** The ids among `idUsers` that have no hash stored, in their order. */
  missing(idUsers: readonly string[]): Promise<string[]>;
  /** Erases a user's hash for good (anonymisation, issue 14); true when there was one. */
  delete(idUser: string): Promise<boolean>;
}

/** Injection token of the {@link CredentialStore}. */
export const CREDENTIAL_STORE = Symbol('CREDENTIAL_STORE');
