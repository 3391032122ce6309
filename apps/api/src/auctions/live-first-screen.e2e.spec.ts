/**
 * Issue 22, speed: the live auction page (`/live-auction/{id}`) comes from the real built server with its first screen
 * and its first two answers in the HTML, for a dealer's browser session only, and exactly as the API's own routes
 * answer them (the same guards: nothing the dealer could not read with a GET). Everything else is the plain client
 * page: no session, another role, an auction the dealer cannot read, a query the client reads otherwise. A hostile
 * auction name cannot leave its text. PostgreSQL store (the page reads through the same routes on every store).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { ApiClient, ServerClock, describeResult, sharedServer, type SharedServer } from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, runTag } from '../testing/auction.test-support.js';

const HOUR = 3_600_000;
const HOSTILE = 'Fleet </script><script>alert(1)</script> $& $1 <img src=x onerror=alert(2)> \u2028 "q" & co';

interface Page { status: number; html: string; headers: Headers }
interface Answers { user?: { url: string; status: number; body: string }; auction?: { url: string; status: number; body: string } }

function answersOf(html: string): Answers | null {
  const m = /<script type="application\/json" id="early-answers">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Answers) : null;
}
const firstScreenOf = (html: string) => /<div id="first-screen">([\s\S]*?)<\/div>\n<link/.exec(html)?.[1] ?? null;

describe('the live page drawn by the server (PostgreSQL store)', () => {
  let shared: SharedServer | undefined;
  const s = {} as { base: string; dealerCookie: string; auctioneerCookie: string; dealer: ApiClient; auction: AuctionView; hostile: AuctionView };
  const page = async (path: string, cookie?: string, headers: Record<string, string> = {}): Promise<Page> => {
    const res = await fetch(`${s.base}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
    return { status: res.status, html: await res.text(), headers: res.headers };
  };

  beforeAll(async () => {
    shared = await sharedServer('postgres');
    s.base = shared.server.baseUrl;
    const dealer = await ApiClient.loginWithCookie(s.base, 'dealer1');
    const auctioneer = await ApiClient.loginWithCookie(s.base, 'auctioneer');
    s.dealerCookie = dealer.cookie;
    s.auctioneerCookie = auctioneer.cookie;
    s.dealer = dealer.client;
    const clock = await ServerClock.sync(auctioneer.client);
    const tag = runTag();
    const now = Math.ceil(clock.now() / 1000) * 1000;
    const create = async (name: string, count: number) => {
      const lots = Array.from({ length: count }, (_, i) => ({ licensePlate: `FS${tag}${i}`.slice(0, 10), basePrice: 5000 + i, minIncrement: 100 }));
      const res = await auctioneer.client.post<AuctionView>('/api/v1/secure/auction', {
        body: createAuctionBody({ name, startMs: now - 60_000, endMs: now + HOUR, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 }, lots }),
      });
      if (res.status !== 201) throw new Error(`create ${name}: ${describeResult(res)}`);
      return res.body;
    };
    s.auction = await create(`First screen ${tag}`, 12);
    s.hostile = await create(HOSTILE, 1);
  }, 180_000);

  afterAll(async () => {
    await shared?.release();
  });

  test('a dealer gets the first lots drawn and the two first answers, equal to what the API answers, never cached', async () => {
    const got = await page(`/live-auction/${s.auction.idAuction}`, s.dealerCookie, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toBe('no-store');
    expect(got.headers.get('vary')).toMatch(/cookie/i);
    const screen = firstScreenOf(got.html);
    expect(screen).not.toBeNull();
    // Read by a screen reader before the scripts run: the page's main landmark, not hidden from it.
    expect(screen).toMatch(/^<main class="app-main"><section><div class="page-head"><h1>/);
    // Eight rows of the twelve lots, in lot order, with their plates; the dealer's preferred language (English), not
    // the browser's German.
    const plates = [...screen!.matchAll(/<span class="plate">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(plates).toEqual(s.auction.lots.slice(0, 8).map((l) => l.licensePlate));
    expect(got.html).toContain('<html lang="en">');
    expect(screen).toContain('Base price');
    const answers = answersOf(got.html)!;
    expect(answers.user!.url).toBe('/api/v1/secure/user');
    expect(answers.auction!.url).toBe(`/api/v1/secure/auctionFull?idAuction=${s.auction.idAuction}`);
    const own = await s.dealer.get(`/api/v1/secure/auctionFull?idAuction=${s.auction.idAuction}`);
    expect(JSON.parse(answers.auction!.body)).toEqual(own.body);
    expect(JSON.parse(answers.user!.body)).toMatchObject({ username: 'dealer1', roles: expect.arrayContaining(['BUYER']) });
    // The inlined stylesheet is allowed by its hash, and by nothing wider.
    const style = /<style>([\s\S]*?)<\/style>/.exec(got.html)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(got.headers.get('content-security-policy')).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(got.headers.get('content-security-policy')).not.toContain('unsafe-inline');
  });

  test('a page of lots in the query: the same page drawn and answered', async () => {
    const got = await page(`/live-auction/${s.auction.idAuction}?limit=3&offset=02`, s.dealerCookie);
    const answers = answersOf(got.html)!;
    expect(answers.auction!.url).toBe(`/api/v1/secure/auctionFull?idAuction=${s.auction.idAuction}&limit=3&offset=2`);
    const plates = [...firstScreenOf(got.html)!.matchAll(/<span class="plate">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(plates).toEqual(s.auction.lots.slice(2, 5).map((l) => l.licensePlate));
  });

  test('a hostile auction name stays text: in the drawn page and in the answers block', async () => {
    const got = await page(`/live-auction/${s.hostile.idAuction}`, s.dealerCookie);
    const screen = firstScreenOf(got.html)!;
    expect(screen).toContain('<h1>Fleet &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $1 &lt;img src=x onerror=alert(2)&gt;');
    expect(screen).not.toMatch(/<img src=x/);
    // One closing tag for the data block, one for the module script: the name's `</script>` is escaped in the JSON.
    const block = /<script type="application\/json" id="early-answers">([\s\S]*?)<\/script>/.exec(got.html)![1]!;
    expect(block).not.toMatch(/<\/?script/i);
    expect(JSON.parse(JSON.parse(block).auction.body).auctionName).toBe(HOSTILE);
  });

  test('the plain page, with nothing of the user in it, for anyone else and any other query', async () => {
    const plain = async (path: string, cookie?: string) => {
      const got = await page(path, cookie);
      expect({ path, status: got.status }).toEqual({ path, status: 200 });
      expect({ path, screen: firstScreenOf(got.html), answers: answersOf(got.html) }).toEqual({ path, screen: null, answers: null });
      expect(got.headers.get('cache-control')).toBe('no-cache');
      return got;
    };
    const id = s.auction.idAuction;
    await plain(`/live-auction/${id}`); // no session
    await plain(`/live-auction/${id}`, 'SESSION=forged; XSRF-TOKEN=x'); // a session that is not one
    await plain(`/live-auction/${id}`, s.auctioneerCookie); // the client sends an auctioneer to the details page
    await plain('/live-auction/no-such-auction', s.dealerCookie); // auctionFull 404
    await plain(`/live-auction/${'x'.repeat(300)}`, s.dealerCookie); // auctionFull 400
    // Not decodable: refused before any route (request-target.ts), with its numeric code, and nothing drawn.
    const broken = await page('/live-auction/%E0%A4%A', s.dealerCookie);
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.html)).toMatchObject({ errorCode: expect.any(Number) });
    for (const query of ['?limit=abc', '?limit=3&x=1', '?limit=99999999', '?offset=-1']) await plain(`/live-auction/${id}${query}`, s.dealerCookie);
  });
});
