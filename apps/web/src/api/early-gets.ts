/**
 * GETs started by the first module the client evaluates (`main.tsx` imports this file first, and it imports nothing),
 * before the rest of the client is evaluated: half a second of a slow phone's CPU, then one more round trip (562 ms on
 * the slow 4G of the first-load test) if they waited for it. On a live auction's address (a link, a reload, a phone's
 * home-screen shortcut), the two answers the page waits for: the session (`/user`) and the auction with its page of
 * lots (`/auctionFull`, as the route asks for it). {@link Http} takes such an answer, once, in place of its own request
 * for the same address and reads and judges it exactly as its own; an answer nobody takes is dropped. The headers are
 * those `Http` sends on a GET at start (JSON, the cookies; no XSRF echo on a GET, no mobile token before a login).
 *
 * When the server drew the page's first screen, it put these two answers in the page too (a JSON block
 * `#early-answers`, `apps/api/src/platform/http/app-page.ts`): each is taken from there, with no request at all, when it
 * is the answer to the very address asked for here.
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

/** An answer the server wrote into the page, by name (`user`, `auction`): the address it answers, its status and body. */
export interface InlineAnswer { readonly url: string; readonly status: number; readonly body: string }
export type InlineAnswers = Readonly<Record<string, InlineAnswer | undefined>>;

/** The answers in the page's `#early-answers` block; none when there is no such block or it cannot be read. */
export function inlineAnswersOf(doc: Pick<Document, 'getElementById'> | undefined): InlineAnswers {
  const text = doc?.getElementById('early-answers')?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as InlineAnswers) : {};
  } catch {
    return {};
  }
}

function inlineResponse(answer: InlineAnswer | undefined, url: string): Promise<Response> | null {
  if (!answer || answer.url !== url || typeof answer.status !== 'number' || typeof answer.body !== 'string') return null;
  return Promise.resolve(new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } }));
}

/** Starts the early GETs of the address `location` (nothing on other pages), or takes them from `inline`. */
export function startEarlyGets(location: { pathname: string; search: string }, doFetch: typeof fetch = fetch, inline: InlineAnswers = {}): void {
  const match = LIVE_AUCTION_PATH.exec(location.pathname);
  if (!match) return;
  let idAuction: string;
  try {
    idAuction = decodeURIComponent(match[1]!);
  } catch {
    return;
  }
  const auction = auctionFullUrl(idAuction, location.search);
  const wanted: [string, InlineAnswer | undefined][] = [[`${S}/user`, inline['user']]];
  if (auction) wanted.push([auction, inline['auction']]);
  for (const [url, written] of wanted) {
    const answer = inlineResponse(written, url) ?? doFetch(url, { method: 'GET', headers: { accept: 'application/json' }, credentials: 'include' });
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

if (typeof window !== 'undefined' && typeof fetch === 'function') startEarlyGets(window.location, fetch, inlineAnswersOf(document));
