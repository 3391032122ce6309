import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialogs } from '../ui/dialogs.js';
import { Spinner } from '../ui/spinner.js';
import { inlineAnswersOf, startEarlyGets, takeEarlyGet } from './early-gets.js';
import { Http } from './http.js';

const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

describe('GETs started before the client is evaluated', () => {
  it("a live auction's address: the session and the auction's page of lots, at the addresses Http asks for, each taken once", async () => {
    const doFetch = vi.fn((url: string | URL | Request, _init?: RequestInit) => answer({ url: String(url) }));
    startEarlyGets({ pathname: '/live-auction/A%2D1', search: '?limit=20&offset=040' }, doFetch as typeof fetch);
    expect(doFetch.mock.calls.map(([url, init]) => [url, init])).toEqual([
      ['/api/v1/secure/user', { method: 'GET', headers: { accept: 'application/json' }, credentials: 'include' }],
      ['/api/v1/secure/auctionFull?idAuction=A-1&limit=20&offset=40', { method: 'GET', headers: { accept: 'application/json' }, credentials: 'include' }],
    ]);
    expect(await (await takeEarlyGet('/api/v1/secure/auctionFull?idAuction=A-1&limit=20&offset=40'))!.json()).toEqual({ url: '/api/v1/secure/auctionFull?idAuction=A-1&limit=20&offset=40' });
    expect(takeEarlyGet('/api/v1/secure/auctionFull?idAuction=A-1&limit=20&offset=40')).toBeUndefined();
    expect(takeEarlyGet('/api/v1/secure/user')).toBeDefined();
  });

  it('the plain address asks for the first page as the route does; another page, or a search the route reads otherwise, asks for nothing more', () => {
    const doFetch = vi.fn(() => answer({}));
    startEarlyGets({ pathname: '/live-auction/A1/', search: '' }, doFetch as typeof fetch);
    expect(takeEarlyGet('/api/v1/secure/auctionFull?idAuction=A1')).toBeDefined();
    takeEarlyGet('/api/v1/secure/user');
    doFetch.mockClear();
    startEarlyGets({ pathname: '/live', search: '' }, doFetch as typeof fetch);
    startEarlyGets({ pathname: '/lot-detail/A1/L1', search: '' }, doFetch as typeof fetch);
    expect(doFetch).not.toHaveBeenCalled();
    startEarlyGets({ pathname: '/live-auction/A1', search: '?limit=%2220%22' }, doFetch as typeof fetch);
    expect(doFetch.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['/api/v1/secure/user']);
    takeEarlyGet('/api/v1/secure/user');
  });
});

describe('answers the server wrote into the page', () => {
  const page = (text: string | null) => ({ getElementById: (id: string) => (id === 'early-answers' && text !== null ? { textContent: text } : null) }) as unknown as Document;

  it('are taken with no request when each answers the very address asked for; another address is fetched', async () => {
    const doFetch = vi.fn(() => answer({ fetched: true }));
    const inline = inlineAnswersOf(page(JSON.stringify({
      user: { url: '/api/v1/secure/user', status: 200, body: '{"idUser":"dealer1"}' },
      // Written for another page of lots than this address asks for: not taken.
      auction: { url: '/api/v1/secure/auctionFull?idAuction=A1&limit=5', status: 200, body: '{"lots":[]}' },
    })));
    startEarlyGets({ pathname: '/live-auction/A1', search: '' }, doFetch as typeof fetch, inline);
    expect(doFetch.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['/api/v1/secure/auctionFull?idAuction=A1']);
    const user = await takeEarlyGet('/api/v1/secure/user')!;
    expect([user.status, await user.json()]).toEqual([200, { idUser: 'dealer1' }]);
    expect(await (await takeEarlyGet('/api/v1/secure/auctionFull?idAuction=A1'))!.json()).toEqual({ fetched: true });
  });

  it('a written failure is handed over as it is (Http judges it); a block that is missing, broken or odd gives nothing', async () => {
    const inline = inlineAnswersOf(page(JSON.stringify({ user: { url: '/api/v1/secure/user', status: 401, body: '{"errorCode":401000}' } })));
    startEarlyGets({ pathname: '/live-auction/A1', search: '' }, (() => answer({})) as unknown as typeof fetch, inline);
    expect((await takeEarlyGet('/api/v1/secure/user'))!.status).toBe(401);
    takeEarlyGet('/api/v1/secure/auctionFull?idAuction=A1');
    for (const text of [null, '', '{not json', '[1,2]', 'null', '"x"']) expect(Object.keys(inlineAnswersOf(page(text))).filter((k) => k === 'user')).toEqual([]);
    const doFetch = vi.fn(() => answer({}));
    startEarlyGets({ pathname: '/live-auction/A1', search: '' }, doFetch as typeof fetch, inlineAnswersOf(page(JSON.stringify({ user: { url: '/api/v1/secure/user', status: '200', body: 1 } }))));
    expect(doFetch).toHaveBeenCalledTimes(2);
    takeEarlyGet('/api/v1/secure/user');
    takeEarlyGet('/api/v1/secure/auctionFull?idAuction=A1');
  });
});

describe('Http with an early GET', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the early answer in place of its own request, judges it as its own (a 401 is a lost session), and asks again when it failed on the way', async () => {
    const own: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => { own.push(url); return new Response(JSON.stringify({ own: url }), { status: 200 }); });
    const events: string[] = [];
    const http = new Http({ spinner: new Spinner(), dialogs: new Dialogs(), onUnauthorized: () => events.push('unauthorized'), onLoggedOut: () => undefined });
    const early = [
      Promise.resolve(new Response(JSON.stringify({ early: true }), { status: 200 })),
      Promise.resolve(new Response(JSON.stringify({ errorCode: 401000, errorMsg: 'no session' }), { status: 401 })),
    ];
    startEarlyGets({ pathname: '/live-auction/A1', search: '' }, (() => early.shift()!) as unknown as typeof fetch);
    await expect(http.get('/api/v1/secure/user')).resolves.toEqual({ early: true });
    await expect(http.get('/api/v1/secure/auctionFull', { query: { idAuction: 'A1' }, noPopup: true })).rejects.toMatchObject({ status: 401 });
    expect(own).toEqual([]);
    // Taken once: the next call is its own.
    await expect(http.get('/api/v1/secure/user')).resolves.toEqual({ own: '/api/v1/secure/user' });
    startEarlyGets({ pathname: '/live-auction/A1', search: '' }, (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch);
    await expect(http.get('/api/v1/secure/auctionFull', { query: { idAuction: 'A1' } })).resolves.toEqual({ own: '/api/v1/secure/auctionFull?idAuction=A1' });
    takeEarlyGet('/api/v1/secure/user');
  });
});
