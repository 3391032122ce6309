/** A minimal client of the API for the bench: token login, JSON calls. */

export const DEFAULT_PASSWORD = 'Demo#2026!';

export interface HttpAnswer<T> {
  readonly status: number;
  readonly body: T;
}

export class Api {
  private constructor(readonly baseUrl: string, private readonly token: string, readonly username: string) {}

  /** The session token (MQTT password of the live channel, as the mobile app uses it). */
  get sessionToken(): string {
    return this.token;
  }

  /** `POST /api/v1/mobile/token`; throws when refused. */
  static async login(baseUrl: string, username: string, password: string): Promise<Api> {
    const res = await fetch(`${baseUrl}/api/v1/mobile/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json().catch(() => ({}))) as { token?: string };
    if (res.status !== 200 || typeof body.token !== 'string') throw new Error(`login of ${username} at ${baseUrl} failed: ${res.status} ${JSON.stringify(body)}`);
    return new Api(baseUrl, body.token, username);
  }

  async call<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, timeoutMs = 120_000): Promise<HttpAnswer<T>> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { token: this.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T };
  }

  /** A call that must answer `expected` (default 2xx); returns the body. */
  async ok<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await this.call<T>(method, path, body, headers);
    if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path} as ${this.username}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
    return res.body;
  }
}

/**
 * Logs many users in, `parallel` at a time (the server hashes each password with scrypt: logins are CPU-bound), as
 * `loginAll` of load-tests/lib/api.js does; returns `{username: token}`. Throws at the first refusal.
 */
export async function loginTokens(baseUrl: string, usernames: readonly string[], password: string, parallel = 25): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (let i = 0; i < usernames.length; i += parallel) {
    const chunk = usernames.slice(i, i + parallel);
    const apis = await Promise.all(chunk.map((username) => Api.login(baseUrl, username, password)));
    apis.forEach((api) => (tokens[api.username] = api.sessionToken));
  }
  return tokens;
}

/** `GET /api/v1/admin/read-models/status`. */
export interface ReadModelStatus {
  projecting: boolean;
  transport: string;
  head: number;
  projected: number;
  projectionLag: number | null;
  relayLag: number | null;
  projectorErrors: number;
}

/** `GET /api/v1/admin/read-models/rebuild`. */
export interface RebuildState {
  state: 'idle' | 'running' | 'done' | 'failed';
  position: number;
  head: number;
  events: number;
  seconds: number;
  eventsPerSecond?: number;
  error?: string;
}

export const readModelStatus = (admin: Api) => admin.ok<ReadModelStatus>('GET', '/api/v1/admin/read-models/status');

/**
 * Waits until the read models have applied the whole log and the log has stopped growing for `quietMs`
 * (timers of the scheduler may still write after a scenario): returns the head then.
 */
export async function waitQuietAndProjected(admin: Api, timeoutMs: number, quietMs = 1_500): Promise<ReadModelStatus> {
  const t0 = Date.now();
  let last = await readModelStatus(admin);
  let stableSince = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await readModelStatus(admin);
    if (now.head !== last.head) stableSince = Date.now();
    last = now;
    if (now.projectionLag === 0 && (now.relayLag ?? 0) === 0 && Date.now() - stableSince >= quietMs) return now;
    if (Date.now() - t0 > timeoutMs) throw new Error(`the read models did not catch up with a quiet log within ${timeoutMs} ms: ${JSON.stringify(now)}`);
  }
}

/** Starts a rebuild (202) and polls it until `done`. */
export async function rebuildThroughApi(admin: Api, timeoutMs: number, everyMs = 200): Promise<RebuildState> {
  const started = await admin.call<RebuildState>('POST', '/api/v1/admin/read-models/rebuild');
  if (started.status !== 202) throw new Error(`POST /api/v1/admin/read-models/rebuild: ${started.status} ${JSON.stringify(started.body)}`);
  const t0 = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, everyMs));
    const state = await admin.ok<RebuildState>('GET', '/api/v1/admin/read-models/rebuild');
    if (state.state === 'done') return state;
    if (state.state === 'failed' || state.state === 'idle') throw new Error(`the rebuild ended in state ${state.state}: ${JSON.stringify(state)}`);
    if (Date.now() - t0 > timeoutMs) throw new Error(`the rebuild was not done after ${timeoutMs} ms: ${JSON.stringify(state)}`);
  }
}
