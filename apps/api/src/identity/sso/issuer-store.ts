import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * Where the embedded issuer keeps its sessions, grants, interactions and codes. oidc-provider's adapter factory,
 * plus the one query the portal needs beyond it: ending a user's sessions and grants when their password changes
 * or the back-office disables them. The product uses {@link SqlIssuerStore} (sql-issuer-store.ts: one table on
 * PostgreSQL or PGlite, shared by every instance); {@link BoundedIssuerStore} (memory, one instance) is the default of
 * an issuer created without one.
 */
export interface IssuerStore {
  /** oidc-provider's `adapter` option: the store of one model (`Session`, `Grant`, `Interaction`, ...). */
  adapter(model: string): Adapter;
  /**
   * Ends the sessions of `accountId` signed in at or before `beforeSeconds` (epoch seconds), the grants given up to
   * then and every token of those grants: that user's next sign-in at the issuer asks for the password.
   */
  endAccount(accountId: string, beforeSeconds: number): Promise<void>;
}

/**
 * How many entries each model may hold. A model at its bound drops its oldest entry: a flood of one model (anonymous
 * `/auth` calls create interactions) never evicts another's (the sessions of signed-in users). Sessions without a
 * signed-in account are a model of their own (`AnonymousSession`) for the same reason.
 */
export type StoreBounds = Readonly<Record<string, number>>;

/** The default bounds: about 100 MB at most; signed-in sessions and grants are bounded by the login limits anyway. */
export const DEFAULT_STORE_BOUNDS: StoreBounds = {
  Session: 100_000, Grant: 100_000, AnonymousSession: 10_000, Interaction: 10_000,
  AuthorizationCode: 10_000, AccessToken: 10_000, ReplayDetection: 10_000, default: 10_000,
};

interface Entry {
  readonly payload: AdapterPayload;
  /** Epoch ms; Infinity: no expiry given. */
  readonly expiresAt: number;
}

/**
 * How many sessions (and grants) one account may hold: beyond, its own oldest go. One account signing in again and
 * again (a script with one valid password) must not fill the model and evict every other user's session.
 */
export const DEFAULT_SESSIONS_PER_ACCOUNT = 100;

/** Models whose entries belong to a grant (revoked with it). */
export const GRANTABLE: ReadonlySet<string> = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/**
 * The embedded issuer's memory store, bounded per model (see {@link StoreBounds}); each model's entries are kept in
 * insertion order, so the oldest is the first dropped. Expired entries are never answered and are swept as the
 * model fills. Replaces oidc-provider's memory adapter, whose one LRU of 1,000 entries for every model let a few
 * thousand anonymous `/auth` calls evict every session.
 */
export class BoundedIssuerStore implements IssuerStore {
  private readonly models = new Map<string, Map<string, Entry>>();
  /** Session uid → session id (oidc-provider's `findByUid`). */
  private readonly sessionUids = new Map<string, string>();
  private readonly userCodes = new Map<string, string>();
  /** Grant id → keys (`model id`) of its tokens. */
  private readonly grantMembers = new Map<string, Set<string>>();
  /** Account id → keys of its sessions and grants. */
  private readonly accounts = new Map<string, Set<string>>();

  constructor(
    private readonly bounds: StoreBounds = DEFAULT_STORE_BOUNDS, private readonly now: () => number = Date.now,
    private readonly perAccount = DEFAULT_SESSIONS_PER_ACCOUNT,
  ) {}

  /** The number of live entries of a model (for tests and metrics). */
  size(model: string): number {
    return this.models.get(model)?.size ?? 0;
  }

  adapter(model: string): Adapter {
    const store = this;
    return {
      upsert: async (id, payload, expiresIn) => store.upsert(model, id, payload, expiresIn),
      find: async (id) => store.find(model, id),
      findByUid: async (uid) => {
        const id = store.sessionUids.get(uid);
        return id === undefined ? undefined : store.find(model, id);
      },
      findByUserCode: async (code) => {
        const id = store.userCodes.get(code);
        return id === undefined ? undefined : store.find(model, id);
      },
      consume: async (id) => {
        const payload = store.find(model, id);
        if (payload) payload.consumed = Math.floor(store.now() / 1000);
      },
      destroy: async (id) => store.remove(model, id),
      revokeByGrantId: async (grantId) => store.revokeGrant(grantId),
    };
  }

  async endAccount(accountId: string, beforeSeconds: number): Promise<void> {
    for (const key of [...this.accounts.get(accountId) ?? []]) {
      const [model, id] = splitKey(key);
      const payload = this.find(model, id);
      if (!payload) continue;
      const at = model === 'Grant' ? payload.iat : payload.loginTs;
      if (typeof at === 'number' && at > beforeSeconds) continue;
      if (model === 'Grant') this.revokeGrant(id);
      else for (const authorization of Object.values(payload.authorizations ?? {})) if (authorization.grantId) this.revokeGrant(authorization.grantId);
      this.remove(model, id);
    }
  }

  private bucketOf(model: string, payload?: AdapterPayload): string {
    return model === 'Session' && !payload?.accountId ? 'AnonymousSession' : model;
  }

  private find(model: string, id: string): AdapterPayload | undefined {
    for (const bucket of model === 'Session' ? ['Session', 'AnonymousSession'] : [model]) {
      const entry = this.models.get(bucket)?.get(id);
      if (!entry) continue;
      if (entry.expiresAt > this.now()) return entry.payload;
      this.remove(model, id);
    }
    return undefined;
  }

  private upsert(model: string, id: string, payload: AdapterPayload, expiresIn?: number): void {
    this.remove(model, id);
    const bucket = this.bucketOf(model, payload);
    let entries = this.models.get(bucket);
    if (!entries) this.models.set(bucket, (entries = new Map()));
    const bound = this.bounds[bucket] ?? this.bounds.default ?? 10_000;
    this.sweep(model, entries);
    if (bucket === 'Session' || bucket === 'Grant') this.makeRoomForAccount(model, payload.accountId);
    while (entries.size >= bound) this.remove(model, entries.keys().next().value!);
    const expiresAt = typeof expiresIn === 'number' ? this.now() + expiresIn * 1000 : Infinity;
    entries.set(id, { payload, expiresAt });
    const key = `${model} ${id}`;
    if (model === 'Session' && payload.uid) this.sessionUids.set(payload.uid, id);
    if (payload.userCode) this.userCodes.set(payload.userCode, id);
    if (GRANTABLE.has(model) && payload.grantId) addTo(this.grantMembers, payload.grantId, key);
    if ((model === 'Session' || model === 'Grant') && payload.accountId) addTo(this.accounts, payload.accountId, key);
  }

  /** Drops an account's oldest entries of `model` (keys in the order last saved) until one more fits its share. */
  private makeRoomForAccount(model: string, accountId: unknown): void {
    if (typeof accountId !== 'string') return;
    const prefix = `${model} `;
    const own = [...this.accounts.get(accountId) ?? []].filter((key) => key.startsWith(prefix));
    for (const key of own.slice(0, Math.max(0, own.length - this.perAccount + 1))) this.remove(...splitKey(key));
  }

  /** Drops a model's oldest entries while they are expired (one model's entries share a lifetime, so mostly all are). */
  private sweep(model: string, entries: Map<string, Entry>): void {
    const now = this.now();
    for (const [id, entry] of entries) {
      if (entry.expiresAt > now) return;
      this.remove(model, id);
    }
  }

  private remove(model: string, id: string): void {
    for (const bucket of model === 'Session' ? ['Session', 'AnonymousSession'] : [model]) {
      const entries = this.models.get(bucket);
      const entry = entries?.get(id);
      if (!entry) continue;
      entries!.delete(id);
      const { payload } = entry;
      const key = `${model} ${id}`;
      if (payload.uid && this.sessionUids.get(payload.uid) === id) this.sessionUids.delete(payload.uid);
      if (payload.userCode && this.userCodes.get(payload.userCode) === id) this.userCodes.delete(payload.userCode);
      if (payload.grantId) removeFrom(this.grantMembers, payload.grantId, key);
      if (payload.accountId) removeFrom(this.accounts, payload.accountId, key);
    }
  }

  private revokeGrant(grantId: string): void {
    for (const key of [...this.grantMembers.get(grantId) ?? []]) this.remove(...splitKey(key));
    this.grantMembers.delete(grantId);
  }
}

function splitKey(key: string): [string, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
}

function addTo(index: Map<string, Set<string>>, name: string, key: string): void {
  let keys = index.get(name);
  if (!keys) index.set(name, (keys = new Set()));
  keys.add(key);
}

function removeFrom(index: Map<string, Set<string>>, name: string, key: string): void {
  const keys = index.get(name);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) index.delete(name);
}
