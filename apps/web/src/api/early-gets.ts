/**
 * GETs started by the first module the client evaluates (`main.tsx` imports this file first, and it imports nothing),
 * before the rest of the client is evaluated: half a second of a slow phone's CPU, then one more round trip (562 ms on
 * the slow 4G of the first-load test) if they waited for it. On a live auction's address (a link, a reload, a phone's
 * home-screen shortcut), the two answers the page waits for: the session (`/user`) and the auction with its page of
 * lots (`/auctionFull`, as the route asks for it). {@link Http} takes such an answer, once, in place of its own request
 * for the same address and reads and judges it exactly as its own; an answer nobody takes is dropped. The headers are
 * those `Http` sends on a GET at start (JSON, the cookies; no XSRF echo on a GET, no mobile token before a login).
 */
const S = '/api/v1/secure';
const LIVE_AUCTION_PATH = /^\/live-auction\/([^/?#]+)\/?$/;

const started = new Map<string, Promise<Response>>();

/** The page of lots the live page asks for: `limit` and `offset` when the address has them as whole numbers. */
function auctionFullUrl(idAuction: string, search: string): string | null {
  const given = new URLSearchParams(search);
  const params = new URLSearchParams({ idAuction });
  for (const name of ['limit', 'offset']) {
    const value = given.get(name);
    if (value !== null) {
      if (!/^\d{1,7}$/.test(value)) return null;
      params.set(name, String(Number(value)));
    }
  }
  return [...given.keys()].every((k) => k === 'limit' || k === 'offset') ? `${S}/auctionFull?${params.toString()}` : null;
}

/** Starts the early GETs of the address `location` (nothing on other pages). */
export function startEarlyGets(location: { pathname: string; search: string }, doFetch: typeof fetch = fetch): void {
  const match = LIVE_AUCTION_PATH.exec(location.pathname);
  if (!match) return;
  let idAuction: string;
  try {
    idAuction = decodeURIComponent(match[1]!);
  } catch {
    return;
  }
  const auction = auctionFullUrl(idAuction, location.search);
  for (const url of auction ? [`${S}/user`, auction] : [`${S}/user`]) {
    const answer = doFetch(url, { method: 'GET', headers: { accept: 'application/json' }, credentials: 'include' });
    answer.catch(() => undefined); // taken or not, a failure is the taker's (it asks again)
    started.set(url, answer);
  }
}

/** The answer of an early GET of `url` (once), or undefined: then the caller sends its own request. */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  const answer = started.get(url);
  started.delete(url);
  return answer;
}

if (typeof window !== 'undefined' && typeof fetch === 'function') startEarlyGets(window.location);
