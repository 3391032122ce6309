import type { Dialogs } from '../ui/dialogs.js';
import type { Spinner } from '../ui/spinner.js';
import { takeEarlyGet } from './early-gets.js';

/** Request markers of the spec: suppress the spinner or popups, or show a warning instead of an error popup. */
export interface RequestOptions {
  readonly noSpinner?: boolean;
  readonly noPopup?: boolean;
  readonly noErrorPopup?: boolean;
  readonly noSuccessPopup?: boolean;
  readonly warning?: boolean;
  readonly idempotencyKey?: string;
  readonly query?: Record<string, string | number | boolean | readonly string[] | undefined | null>;
  readonly signal?: AbortSignal;
  /**
   * Status 0 does not lead to `/maintenance`: the mobile variant's calls (spec 01 §8 "except mobile": the mobile
   * login only logs a network failure) and calls whose failure the flow survives (the geolocation).
   */
  readonly noMaintenance?: boolean;
  /** Give up after this many ms (default {@link REQUEST_TIMEOUT_MS}): then it is status 0, like an unreachable server. */
  readonly timeoutMs?: number;
}

/**
 * How long a call may go unanswered. A server that accepts the connection but never answers (a hung proxy, a
 * stalled upstream) would otherwise leave the spinner and a disabled submit button on screen for good; after this
 * the call fails as status 0, like an unreachable server (see {@link HttpNavigation.serverUnreachable}).
 */
export const REQUEST_TIMEOUT_MS = 60_000;

/** How much of an upload's body has gone (`total`: the body's size in bytes). */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

/** Options of {@link Http.upload}: those of any call, and who hears the body's progress. */
export interface UploadOptions extends RequestOptions {
  readonly onProgress?: (progress: UploadProgress) => void;
}

/**
 * The browser's XMLHttpRequest, as far as an upload needs it: `fetch` reports no upload progress (a streamed request
 * body needs HTTP/2 and tells how fast the body is read, not sent), so uploads go through XHR.
 */
export interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

/** A failed call: HTTP status (0: the server could not be reached) and the API's numeric error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: number,
    message: string,
    readonly details: readonly { field: string; rule: string }[] = [],
    /** The whole error body as the API sent it (a vehicle file's refusal lists its `rows` there). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Codes shown without any popup (spec: 400020 and 0). */
const SILENT_CODES = new Set([400020, 0]);

/** The backend's words for a session it no longer accepts (spec 01 §8): logout flag, then the root. */
export const AUTHENTICATION_FAILED_MESSAGE = 'Error 403: AuthenticationFailed';

/**
 * Where the interceptor sends the browser; set once the router exists (session/navigation.ts), so the client is
 * usable (and testable) without one.
 */
export interface HttpNavigation {
  /**
   * Status 0 while the browser is online: the server cannot be reached. A page showing live data stays (its live
   * connection shows the server lost and recovers); any other shows `/maintenance` (spec 01 §8).
   */
  serverUnreachable(): void;
  /** {@link AUTHENTICATION_FAILED_MESSAGE}: set the logout flag and go to the root. */
  authenticationFailed(): void;
}

/** True unless the browser says it is offline (then the live connection's own banner tells the user, not a page). */
function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** What the client does around every call (spec section "Error catalogue"). */
export interface HttpHooks {
  readonly spinner: Spinner;
  readonly dialogs: Dialogs;
  /** 401/403 at login level: go to the login page. */
  onUnauthorized(error: ApiError): void;
  /** 404010: after the error dialog closes the user is logged out. */
  onLoggedOut(): void;
}

function xsrfToken(): string | null {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(typeof document === 'undefined' ? '' : document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The HTTP client: JSON in and out, cookies sent, `X-XSRF-TOKEN` echoed, errors as {@link ApiError}. */
export class Http {
  /** Set by session/navigation.ts once the router exists; unset, the interceptor navigates nowhere. */
  navigation: HttpNavigation | null = null;
  /**
   * The mobile login's token (`token` header), kept in memory only: never in localStorage or a cookie, so a script
   * injected later or another tab cannot read it and it ends with the page.
   */
  private token: string | null = null;

  /** Makes the request an upload goes through (tests give a stand-in). */
  createUploadRequest: () => UploadRequest = () => new XMLHttpRequest() as unknown as UploadRequest;

  constructor(private readonly hooks: HttpHooks, private readonly baseUrl = '') {}

  /** Sends `token` in the `token` header of every later call (null: stop). */
  setToken(token: string | null): void {
    this.token = token;
  }

  /** Whether a mobile token is held. */
  get hasToken(): boolean {
    return this.token !== null;
  }

  get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('POST', path, body, options);
  }
  put<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('PUT', path, body, options);
  }
  patch<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('PATCH', path, body, options);
  }
  delete<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('DELETE', path, undefined, options);
  }

  /** The URL of a call, for downloads. */
  url(path: string, query?: RequestOptions['query']): string {
    return `${this.baseUrl}${path}${queryString(query)}`;
  }

  /** The headers of a call: JSON unless the body is a form, the XSRF echo, the idempotency key and the mobile token. */
  private headersOf(method: string, body: unknown, options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    // A FormData body is multipart: the browser writes its content type with the boundary.
    const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
    if (method !== 'GET') {
      const xsrf = xsrfToken();
      if (xsrf) headers['x-xsrf-token'] = xsrf;
    }
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    if (this.token) headers['token'] = this.token;
    return headers;
  }

  /** An answer, read the same whichever way it came (fetch or an upload): the data, or the error catalogue's error. */
  private answer<T>(method: string, status: number, statusText: string, text: string, options: RequestOptions): T {
    const data: unknown = text ? safeJson(text) : undefined;
    if (isGatewayFailure(status, data)) throw this.unreachable(options);
    if (status < 200 || status >= 300) throw this.fail(status, statusText, data, options);
    if (method !== 'GET' && !options.noPopup && !options.noSuccessPopup) void this.hooks.dialogs.success();
    return data as T;
  }

  /**
   * A call whose answer is a file (an export made by a POST: a link cannot send the XSRF header): the body as a Blob
   * and the name the server offers in `Content-Disposition`. Errors are those of any other call; no success popup.
   */
  file(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<{ blob: Blob; filename: string | null }> {
    return this.request(method, path, body, { ...options, noSuccessPopup: true }, true);
  }

  async request<T>(method: string, path: string, body: unknown, options: RequestOptions, asFile = false): Promise<T> {
    const headers = this.headersOf(method, body, options);
    const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
    if (!options.noSpinner) this.hooks.spinner.show();
    try {
      let response: Response;
      let text: string;
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
      const signal = options.signal ? anySignal(options.signal, timeout.signal) : timeout.signal;
      try {
        const url = this.url(path, options.query);
        const send = () => fetch(url, {
          method, headers, credentials: 'include', signal,
          body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
        });
        // Started before the client was evaluated (early-gets.ts); failed on the way, it is asked again.
        const early = method === 'GET' && !asFile ? takeEarlyGet(url) : undefined;
        response = await (early ? early.catch(send) : send());
        if (asFile && response.ok) {
          const blob = await response.blob();
          return { blob, filename: attachmentName(response.headers.get('content-disposition')) } as T;
        }
        text = await response.text();
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        throw this.unreachable(options);
      } finally {
        clearTimeout(timer);
      }
      return this.answer<T>(method, response.status, response.statusText, text, options);
    } finally {
      if (!options.noSpinner) this.hooks.spinner.hide();
    }
  }

  /**
   * Sends a multipart form (POST unless told), telling `onProgress` how much of the body has gone: the same headers,
   * spinner, popups and errors as {@link request}. Its timeout counts from the last sign of life (a progress event),
   * not from the start, so a large file on a slow line is not cut off while it is still moving. Aborted through
   * `options.signal`, it rejects with an `AbortError`.
   */
  upload<T>(path: string, form: FormData, options: UploadOptions = {}, method = 'POST'): Promise<T> {
    const headers = this.headersOf(method, form, options);
    if (!options.noSpinner) this.hooks.spinner.show();
    const request = this.createUploadRequest();
    const idleMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let timedOut = false;
      const settle = (outcome: () => T) => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', abort);
        if (!options.noSpinner) this.hooks.spinner.hide();
        try { resolve(outcome()); } catch (error) { reject(error); }
      };
      const alive = () => {
        clearTimeout(timer);
        timer = setTimeout(() => { timedOut = true; request.abort(); }, idleMs);
      };
      const abort = () => request.abort();
      request.open(method, this.url(path, options.query));
      request.withCredentials = true;
      for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
      request.upload.onprogress = (event) => {
        alive();
        options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
      };
      request.onload = () => settle(() => this.answer<T>(method, request.status, request.statusText, request.responseText, options));
      request.onerror = () => settle(() => { throw this.unreachable(options); });
      request.onabort = () => settle(() => {
        if (!timedOut && options.signal?.aborted) throw new DOMException('the upload was aborted', 'AbortError');
        throw this.unreachable(options);
      });
      if (options.signal?.aborted) { settle(() => { throw new DOMException('the upload was aborted', 'AbortError'); }); return; }
      options.signal?.addEventListener('abort', abort, { once: true });
      alive();
      request.send(form);
    });
  }

  /**
   * Status 0 (spec 01 §8): no popup; the navigation is told (live page: server lost; else `/maintenance`) unless the
   * call says `noMaintenance` or the browser is offline.
   */
  private unreachable(options: RequestOptions): ApiError {
    const error = new ApiError(0, 0, 'the server cannot be reached');
    if (!options.noMaintenance && browserOnline()) this.navigation?.serverUnreachable();
    return error;
  }

  /**
   * The error catalogue of spec 01 §8. The code and message are the body's, else the HTTP status and its text.
   * "403 → login" is read against this API, which answers 401 for "not logged in" and keeps 403 with its own codes
   * for a logged user's refusals (role 403001, owner 403002, disabled 403004): so 401, a bare 403 without an API
   * code, and 403003 (the XSRF cookie of a session that is gone) go to the login; the others are shown.
   */
  private fail(status: number, statusText: string, data: unknown, options: RequestOptions): ApiError {
    const body = (data ?? {}) as { errorCode?: unknown; errorMsg?: unknown; details?: unknown };
    const hasCode = typeof body.errorCode === 'number';
    const code = hasCode ? (body.errorCode as number) : status;
    const message = typeof body.errorMsg === 'string' ? body.errorMsg : statusText ? `${status} ${statusText}` : `HTTP ${status}`;
    const error = new ApiError(status, code, message, Array.isArray(body.details) ? (body.details as ApiError['details']) : [], data);
    if (message === AUTHENTICATION_FAILED_MESSAGE) {
      this.navigation?.authenticationFailed();
      return error;
    }
    if (status === 401 || (status === 403 && (!hasCode || code === 403003))) {
      this.hooks.onUnauthorized(error);
      return error;
    }
    if (options.noPopup || options.noErrorPopup || SILENT_CODES.has(code)) return error;
    if (options.warning) void this.hooks.dialogs.warning(`errors:${code}`);
    else void this.hooks.dialogs.error(code).then(() => { if (code === 404010) this.hooks.onLoggedOut(); });
    return error;
  }
}

/**
 * A proxy or load balancer answering for an API that is down or restarting (502, 503, 504 without the API's own error
 * body): the same as no answer at all, not an error of the call.
 */
function isGatewayFailure(status: number, data: unknown): boolean {
  if (status !== 502 && status !== 503 && status !== 504) return false;
  return typeof (data as { errorCode?: unknown } | undefined)?.errorCode !== 'number';
}

/** Aborted when either is (AbortSignal.any where the browser has it). */
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const both = new AbortController();
  const abort = () => both.abort();
  if (a.aborted || b.aborted) both.abort();
  a.addEventListener('abort', abort, { once: true });
  b.addEventListener('abort', abort, { once: true });
  return both.signal;
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` first, then `filename="…"`), or null. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try { return decodeURIComponent(star[1]!.trim()); } catch { /* a broken encoding: try the plain name */ }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { errorMsg: text };
  }
}
