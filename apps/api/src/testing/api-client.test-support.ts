/**
 * A small HTTP client for end-to-end tests, on the global `fetch`.
 * Secure calls carry the `token` header from `POST /api/v1/mobile/token`, or the session cookie plus `X-XSRF-TOKEN`.
 */

/** Password of every demo user started by the tests. */
export const DEMO_PASSWORD = 'E2e#Secret2026!';

/** What a call answered. `body` is the parsed JSON, the text when not JSON, `null` when empty. */
export interface ApiResult<T = any> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
  /** Local epoch ms when the request was sent and when the answer was read. */
  readonly sentAt: number;
  readonly receivedAt: number;
}

export interface RequestOptions {
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Sent as is (for malformed bodies), with `contentType` (default `application/json`). */
  readonly rawBody?: string;
  readonly contentType?: string;
  readonly idempotencyKey?: string;
  readonly headers?: Record<string, string>;
}

/** How a client authenticates. */
export interface Credentials {
  readonly token?: string;
  /** `Cookie` header value, e.g. `session=...; XSRF-TOKEN=...`. */
  readonly cookie?: string;
  /** Value for `X-XSRF-TOKEN` on non-GET calls (cookie path only). */
  readonly xsrf?: string;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly credentials: Credentials = {},
    readonly username: string | null = null,
  ) {}

  /** A client without credentials. */
  static anonymous(baseUrl: string): ApiClient {
    return new ApiClient(baseUrl);
  }

  /** Logs in through `POST /api/v1/mobile/token`; throws when the login is refused. */
  static async login(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<ApiClient> {
    const res = await ApiClient.anonymous(baseUrl).post<{ token: string }>('/api/v1/mobile/token', { body: { username, password } });
    if (res.status !== 200 || typeof res.body?.token !== 'string') {
      throw new Error(`login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return new ApiClient(baseUrl, { token: res.body.token }, username);
  }

  /** Logs in through `POST /api/v1/open/login` (session cookie + `XSRF-TOKEN` cookie). */
  static async loginWithCookie(baseUrl: string, username: string, password = DEMO_PASSWORD) {
    const res = await ApiClient.anonymous(baseUrl).post('/api/v1/open/login', { body: { username, password } });
    const cookies = new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = cookies.get('XSRF-TOKEN');
    return { res, cookies, cookie, xsrf, client: new ApiClient(baseUrl, { cookie, xsrf }, username) };
  }

  /** The same credentials with other XSRF handling (cookie path). */
  withXsrf(xsrf: string | undefined): ApiClient {
    return new ApiClient(this.baseUrl, { ...this.credentials, xsrf }, this.username);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const { token, cookie, xsrf } = this.credentials;
    if (token) headers.token = token;
    if (cookie) headers.cookie = cookie;
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = xsrf;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const sentAt = Date.now();
    const res = await fetch(this.baseUrl + path, { method, headers, body, signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    const receivedAt = Date.now();
    let parsed: unknown = null;
    if (text.length > 0) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: res.status, body: parsed as T, headers: res.headers, sentAt, receivedAt };
  }

  get<T = any>(path: string, options?: RequestOptions) { return this.request<T>('GET', path, options); }
  post<T = any>(path: string, options?: RequestOptions) { return this.request<T>('POST', path, options); }
  put<T = any>(path: string, options?: RequestOptions) { return this.request<T>('PUT', path, options); }
  patch<T = any>(path: string, options?: RequestOptions) { return this.request<T>('PATCH', path, options); }
  delete<T = any>(path: string, options?: RequestOptions) { return this.request<T>('DELETE', path, options); }
}

/** The server's clock as seen from the test, from `GET /api/v1/secure/time` (offset measured at mid round trip). */
export class ServerClock {
  private constructor(readonly offsetMs: number, readonly roundTripMs: number) {}

  static async sync(client: ApiClient): Promise<ServerClock> {
    let best: ServerClock | null = null;
    for (let i = 0; i < 5; i++) {
      const res = await client.get<{ serverTime: string; epochMs: number }>('/api/v1/secure/time');
      if (res.status !== 200 || typeof res.body?.epochMs !== 'number') {
        throw new Error(`GET /api/v1/secure/time: ${res.status} ${JSON.stringify(res.body)}`);
      }
      const rtt = res.receivedAt - res.sentAt;
      const clock = new ServerClock(res.body.epochMs - (res.sentAt + rtt / 2), rtt);
      if (!best || rtt < best.roundTripMs) best = clock;
    }
    return best!;
  }

  /** Server epoch ms now. */
  now(): number { return Date.now() + this.offsetMs; }
  /** A local epoch ms converted to server time. */
  toServer(localMs: number): number { return localMs + this.offsetMs; }
}

/** True for a clean refusal: the given 4xx status (or any 4xx) with a numeric `errorCode`. */
export function isCleanError(res: ApiResult, status?: number): boolean {
  const statusOk = status === undefined ? res.status >= 400 && res.status < 500 : res.status === status;
  return statusOk && typeof res.body?.errorCode === 'number' && Number.isInteger(res.body.errorCode);
}

/** A compact description of an answer, for assertion messages. */
export function describeResult(res: ApiResult): string {
  return `${res.status} ${typeof res.body === 'string' ? res.body.slice(0, 300) : JSON.stringify(res.body)?.slice(0, 300)}`;
}

/** The body of a 2xx answer; anything else throws with `what` and the answer described. */
export async function okBody<T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status < 200 || r.status > 299) throw new Error(`${what}: ${describeResult(r as never)}`);
  return r.body;
}

/** `[status, errorCode]` of an answer: what a refusal's assertion compares. */
export async function statusAndCode(res: Promise<{ status: number; body: any }>): Promise<[number, unknown]> {
  const r = await res;
  return [r.status, r.body?.errorCode];
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
