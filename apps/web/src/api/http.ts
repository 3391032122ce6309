import type { Dialogs } from '../ui/dialogs.js';
import type { Spinner } from '../ui/spinner.js';

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
}

/** A failed call: HTTP status (0: the server could not be reached) and the API's numeric error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: number,
    message: string,
    readonly details: readonly { field: string; rule: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Codes shown without any popup (spec: 400020 and 0). */
const SILENT_CODES = new Set([400020, 0]);

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
  constructor(private readonly hooks: HttpHooks, private readonly baseUrl = '') {}

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

  async request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') {
      const xsrf = xsrfToken();
      if (xsrf) headers['x-xsrf-token'] = xsrf;
    }
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    if (!options.noSpinner) this.hooks.spinner.show();
    try {
      let response: Response;
      try {
        response = await fetch(this.url(path, options.query), {
          method, headers, credentials: 'include', signal: options.signal,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        throw new ApiError(0, 0, 'the server cannot be reached');
      }
      const text = await response.text();
      const data: unknown = text ? safeJson(text) : undefined;
      if (!response.ok) throw this.fail(response.status, data, options);
      if (method !== 'GET' && !options.noPopup && !options.noSuccessPopup) void this.hooks.dialogs.success();
      return data as T;
    } finally {
      if (!options.noSpinner) this.hooks.spinner.hide();
    }
  }

  private fail(status: number, data: unknown, options: RequestOptions): ApiError {
    const body = (data ?? {}) as { errorCode?: unknown; errorMsg?: unknown; details?: unknown };
    const code = typeof body.errorCode === 'number' ? body.errorCode : status;
    const error = new ApiError(status, code, typeof body.errorMsg === 'string' ? body.errorMsg : `HTTP ${status}`,
      Array.isArray(body.details) ? (body.details as ApiError['details']) : []);
    if (status === 401 || (status === 403 && code === 403003)) {
      this.hooks.onUnauthorized(error);
      return error;
    }
    if (options.noPopup || options.noErrorPopup || SILENT_CODES.has(code)) return error;
    if (options.warning) void this.hooks.dialogs.warning(`errors:${code}`);
    else void this.hooks.dialogs.error(code).then(() => { if (code === 404010) this.hooks.onLoggedOut(); });
    return error;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { errorMsg: text };
  }
}
