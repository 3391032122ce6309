import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialogs } from '../ui/dialogs.js';
import { Spinner } from '../ui/spinner.js';
import { ApiError, Http } from './http.js';

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
  return { spinner, dialogs, events, http };
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
});
