import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialogs } from '../ui/dialogs.js';
import { Spinner } from '../ui/spinner.js';
import { ApiError, Http, type UploadRequest } from './http.js';

/** A stand-in for the network (named as such): answers every call with `status` and `body`. */
function fakeNetwork(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  return calls;
}

function setup() {
  const spinner = new Spinner();
  const dialogs = new Dialogs();
  const events: string[] = [];
  const http = new Http({ spinner, dialogs, onUnauthorized: () => events.push('unauthorized'), onLoggedOut: () => events.push('logged-out') });
  http.navigation = { serverUnreachable: () => events.push('maintenance'), authenticationFailed: () => events.push('authentication-failed') };
  return { spinner, dialogs, events, http };
}

/** The network answers `status` with a plain-text body (no API error body) and the given status text. */
function fakePlainNetwork(status: number, statusText: string) {
  vi.stubGlobal('fetch', async () => new Response('', { status, statusText }));
}

function networkDown() {
  vi.stubGlobal('fetch', async () => { throw new TypeError('Failed to fetch'); });
}

describe('Http (the spec error catalogue)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns an error body into an ApiError with its numeric code and opens the error dialog', async () => {
    fakeNetwork(409, { errorCode: 409003, errorMsg: 'lot not running' });
    const { http, dialogs, spinner } = setup();
    const error = await http.post('/api/x', { a: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorCode).toBe(409003);
    expect(dialogs.queue.get().map((d) => [d.kind, d.errorCode])).toEqual([['error', 409003]]);
    expect(spinner.visible).toBe(false);
  });

  it('shows no popup for 400020 and for a failed network (code 0)', async () => {
    fakeNetwork(400, { errorCode: 400020, errorMsg: 'silent' });
    const { http, dialogs } = setup();
    await expect(http.get('/api/x')).rejects.toMatchObject({ errorCode: 400020 });
    vi.stubGlobal('fetch', async () => { throw new TypeError('Failed to fetch'); });
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 0, errorCode: 0 });
    expect(dialogs.queue.get()).toEqual([]);
  });

  it('shows a warning instead of an error for flagged calls, and nothing with noPopup', async () => {
    fakeNetwork(422, { errorCode: 422002, errorMsg: 'low' });
    const { http, dialogs } = setup();
    await http.post('/api/x', {}, { warning: true }).catch(() => undefined);
    await http.post('/api/x', {}, { noPopup: true }).catch(() => undefined);
    expect(dialogs.queue.get().map((d) => d.kind)).toEqual(['warning']);
  });

  it('logs out after the 404010 dialog closes', async () => {
    fakeNetwork(404, { errorCode: 404010, errorMsg: 'user gone' });
    const { http, dialogs, events } = setup();
    await http.get('/api/x').catch(() => undefined);
    expect(events).toEqual([]);
    dialogs.close(dialogs.queue.get()[0]!.id, true);
    await Promise.resolve();
    expect(events).toEqual(['logged-out']);
  });

  it('reports a lost session (401) without a popup', async () => {
    fakeNetwork(401, { errorCode: 401003, errorMsg: 'expired' });
    const { http, dialogs, events } = setup();
    await http.get('/api/x').catch(() => undefined);
    expect(events).toEqual(['unauthorized']);
    expect(dialogs.queue.get()).toEqual([]);
  });

  it('opens a success dialog after a non-GET unless suppressed, sends the idempotency key and the query', async () => {
    const calls = fakeNetwork(201, { ok: true });
    const { http, dialogs } = setup();
    await http.post('/api/x', { a: 1 }, { idempotencyKey: 'k-1', query: { q: 'a b', skip: undefined, ids: ['1', '2'] } });
    await http.post('/api/x', { a: 1 }, { noSuccessPopup: true });
    expect(dialogs.queue.get().map((d) => d.kind)).toEqual(['success']);
    expect(calls[0]!.url).toBe('/api/x?q=a+b&ids=1&ids=2');
    expect((calls[0]!.init.headers as Record<string, string>)['idempotency-key']).toBe('k-1');
  });

  it('sends a FormData body as it is (multipart: the browser sets the boundary), a JSON body as JSON', async () => {
    const calls = fakeNetwork(200, { ok: true });
    const { http } = setup();
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'rules.pdf');
    await http.patch('/api/file', form, { noSuccessPopup: true });
    await http.patch('/api/json', { message: 'hi' }, { noSuccessPopup: true });
    expect(calls[0]!.init.body).toBe(form);
    expect((calls[0]!.init.headers as Record<string, string>)['content-type']).toBeUndefined();
    expect(calls[1]!.init.body).toBe('{"message":"hi"}');
    expect((calls[1]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('takes the body\'s code and message, else the HTTP status and its text', async () => {
    fakeNetwork(422, { errorCode: 422104, errorMsg: 'weak password' });
    const { http } = setup();
    await expect(http.post('/api/x', {})).rejects.toMatchObject({ status: 422, errorCode: 422104, message: 'weak password' });
    fakePlainNetwork(500, 'Internal Server Error');
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 500, errorCode: 500, message: '500 Internal Server Error' });
  });

  it('sends a bare 403 (no API code) and 403003 to the login, but shows a logged user\'s refusals (403001, 403004)', async () => {
    const { http, dialogs, events } = setup();
    fakePlainNetwork(403, 'Forbidden');
    await http.get('/api/x').catch(() => undefined);
    fakeNetwork(403, { errorCode: 403003, errorMsg: 'xsrf' });
    await http.post('/api/x', {}).catch(() => undefined);
    expect(events).toEqual(['unauthorized', 'unauthorized']);
    expect(dialogs.queue.get()).toEqual([]);
    fakeNetwork(403, { errorCode: 403001, errorMsg: 'role' });
    await http.post('/api/x', {}).catch(() => undefined);
    fakeNetwork(403, { errorCode: 403004, errorMsg: 'disabled' });
    await http.post('/api/x', {}).catch(() => undefined);
    expect(events).toEqual(['unauthorized', 'unauthorized']);
    expect(dialogs.queue.get().map((d) => d.errorCode)).toEqual([403001, 403004]);
  });

  it("'Error 403: AuthenticationFailed' sets the logout flag and goes to the root, without a popup", async () => {
    fakeNetwork(403, { errorCode: 403, errorMsg: 'Error 403: AuthenticationFailed' });
    const { http, dialogs, events } = setup();
    await expect(http.get('/api/x')).rejects.toMatchObject({ message: 'Error 403: AuthenticationFailed' });
    expect(events).toEqual(['authentication-failed']);
    expect(dialogs.queue.get()).toEqual([]);
  });

  it('goes to /maintenance when the server cannot be reached, not when offline or for a noMaintenance call', async () => {
    networkDown();
    const { http, dialogs, events } = setup();
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 0 });
    expect(events).toEqual(['maintenance']);
    await http.post('/api/x', {}, { noMaintenance: true }).catch(() => undefined);
    expect(events).toEqual(['maintenance']);
    vi.stubGlobal('navigator', { onLine: false });
    await http.get('/api/x').catch(() => undefined);
    expect(events).toEqual(['maintenance']);
    expect(dialogs.queue.get()).toEqual([]);
  });

  it('a proxy\'s 502/503/504 without an API code is the server unreachable (status 0, no dialog); an API 503 keeps its dialog (#21 item 15)', async () => {
    const { http, dialogs, events } = setup();
    for (const status of [502, 503, 504]) {
      fakePlainNetwork(status, 'Bad Gateway');
      await expect(http.post('/api/x', {})).rejects.toMatchObject({ status: 0, errorCode: 0 });
    }
    expect(events).toEqual(['maintenance', 'maintenance', 'maintenance']);
    expect(dialogs.queue.get()).toEqual([]);
    fakeNetwork(503, { errorCode: 503001, errorMsg: 'busy' });
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 503, errorCode: 503001 });
    expect(events).toHaveLength(3);
    expect(dialogs.queue.get().map((d) => d.errorCode)).toEqual([503001]);
  });

  it('an aborted call is neither a maintenance page nor an ApiError', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', async () => { controller.abort(); throw new DOMException('aborted', 'AbortError'); });
    const { http, events } = setup();
    const error = await http.get('/api/x', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(events).toEqual([]);
  });

  it('opens the error dialog for 600002 (a bad or missing registration file)', async () => {
    fakeNetwork(400, { errorCode: 600002, errorMsg: 'visura missing' });
    const { http, dialogs } = setup();
    await http.post('/api/x', {}).catch(() => undefined);
    expect(dialogs.queue.get().map((d) => [d.kind, d.errorCode])).toEqual([['error', 600002]]);
  });

  it('honours noErrorPopup (no error dialog, success still shown) and noSpinner (the spinner never shows)', async () => {
    fakeNetwork(409, { errorCode: 409003, errorMsg: 'x' });
    const { http, dialogs, spinner } = setup();
    const seen: number[] = [];
    spinner.count.subscribe(() => seen.push(spinner.count.get()));
    await http.post('/api/x', {}, { noErrorPopup: true, noSpinner: true }).catch(() => undefined);
    expect(dialogs.queue.get()).toEqual([]);
    expect(seen).toEqual([]);
    fakeNetwork(200, {});
    await http.post('/api/x', {}, { noErrorPopup: true });
    expect(dialogs.queue.get().map((d) => d.kind)).toEqual(['success']);
    expect(seen).toEqual([1, 0]);
  });

  it('no 404010 logout when the call shows no popup (nothing to close)', async () => {
    fakeNetwork(404, { errorCode: 404010, errorMsg: 'user gone' });
    const { http, dialogs, events } = setup();
    await http.get('/api/x', { noPopup: true }).catch(() => undefined);
    await Promise.resolve();
    expect(dialogs.queue.get()).toEqual([]);
    expect(events).toEqual([]);
  });

  it('sends the mobile token in the `token` header once kept, and stops when cleared', async () => {
    const calls = fakeNetwork(200, {});
    const { http } = setup();
    await http.get('/api/x');
    http.setToken('tok-1');
    await http.get('/api/x');
    http.setToken(null);
    await http.get('/api/x');
    expect(calls.map((c) => (c.init.headers as Record<string, string>)['token'])).toEqual([undefined, 'tok-1', undefined]);
  });

  it('a call never answered fails as status 0 after its timeout: maintenance, spinner gone', async () => {
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const { http, events, spinner, dialogs } = setup();
    const error = await http.post('/api/x', {}, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, errorCode: 0 });
    expect(events).toEqual(['maintenance']);
    expect(spinner.visible).toBe(false);
    expect(dialogs.queue.get()).toEqual([]);
  });

  it('a connection dropped while the answer is read is status 0 too (not a stray TypeError)', async () => {
    vi.stubGlobal('fetch', async () => ({ ok: true, status: 200, statusText: 'OK', text: () => Promise.reject(new TypeError('network error')) }));
    const { http, events } = setup();
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 0, errorCode: 0 });
    expect(events).toEqual(['maintenance']);
  });

  it('a call the caller aborts is not a maintenance case', async () => {
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const { http, events } = setup();
    const caller = new AbortController();
    const pending = http.get('/api/x', { signal: caller.signal }).catch((e: unknown) => e);
    caller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(events).toEqual([]);
  });
});

/** A stand-in for the browser's XMLHttpRequest (named as such): the test drives its progress and answer. */
class FakeUploadRequest implements UploadRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: UploadRequest['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) { this.method = method; this.url = url; }
  setRequestHeader(name: string, value: string) { this.headers[name] = value; }
  send(body: FormData) { this.body = body; }
  abort() { this.aborted = true; this.onabort?.(); }
  progress(loaded: number, total: number) { this.upload.onprogress?.({ loaded, total, lengthComputable: total > 0 }); }
  answer(status: number, body: unknown) { this.status = status; this.responseText = body === undefined ? '' : JSON.stringify(body); this.onload?.(); }
}

describe('Http.upload (multipart with progress, through the same error catalogue)', () => {
  function uploader() {
    const s = setup();
    const requests: FakeUploadRequest[] = [];
    s.http.createUploadRequest = () => { const r = new FakeUploadRequest(); requests.push(r); return r; };
    return { ...s, requests };
  }
  const form = () => { const f = new FormData(); f.append('tupla', '2'); return f; };

  it('sends the form with credentials, reports each progress event and resolves with the answer', async () => {
    const { http, requests, spinner } = uploader();
    const seen: [number, number][] = [];
    const answer = http.upload<{ idFile: string }>('/api/v1/secure/upload-photos', form(), { noPopup: true, onProgress: (p) => seen.push([p.loaded, p.total]) });
    const request = requests[0]!;
    expect([request.method, request.url, request.withCredentials, request.headers['accept']]).toEqual(['POST', '/api/v1/secure/upload-photos', true, 'application/json']);
    expect(request.headers['content-type']).toBeUndefined(); // the browser writes the multipart boundary
    expect(spinner.visible).toBe(true);
    request.progress(100, 400);
    request.progress(400, 400);
    request.answer(201, { idFile: 'b1' });
    expect(await answer).toEqual({ idFile: 'b1' });
    expect(seen).toEqual([[100, 400], [400, 400]]);
    expect(spinner.visible).toBe(false);
  });

  it('turns a refusal into an ApiError carrying the whole body (a vehicle file\'s rows), without a popup when told', async () => {
    const { http, requests, dialogs } = uploader();
    const answer = http.upload('/api/v1/secure/upload-vehicle', form(), { noPopup: true }).catch((e: unknown) => e);
    const body = { errorCode: 422240, errorMsg: 'rows refused', rows: [{ row: 3, field: 'frame', reason: 'bad', errorCode: 422201 }] };
    requests[0]!.answer(422, body);
    const error = await answer as ApiError;
    expect([error.status, error.errorCode, error.body]).toEqual([422, 422240, body]);
    expect(dialogs.queue.get()).toEqual([]);
  });

  it('a network failure is status 0; a line silent for longer than the timeout is given up as status 0 too', async () => {
    const { http, requests, events } = uploader();
    const failed = http.upload('/api/x', form(), { noPopup: true }).catch((e: unknown) => e);
    requests[0]!.onerror?.();
    expect(await failed).toMatchObject({ status: 0, errorCode: 0 });
    expect(events).toEqual(['maintenance']);
    vi.useFakeTimers();
    try {
      const slow = http.upload('/api/x', form(), { noPopup: true, noMaintenance: true, timeoutMs: 1_000 }).catch((e: unknown) => e);
      vi.advanceTimersByTime(900);
      requests[1]!.progress(10, 100); // a sign of life: the timeout starts again
      vi.advanceTimersByTime(900);
      expect(requests[1]!.aborted).toBe(false);
      vi.advanceTimersByTime(200);
      expect(requests[1]!.aborted).toBe(true);
      expect(await slow).toMatchObject({ status: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops when its signal aborts, with an AbortError rather than a server error', async () => {
    const { http, requests } = uploader();
    const stop = new AbortController();
    const answer = http.upload('/api/x', form(), { noPopup: true, signal: stop.signal }).catch((e: unknown) => e);
    stop.abort();
    expect(requests[0]!.aborted).toBe(true);
    expect((await answer as DOMException).name).toBe('AbortError');
  });
});
