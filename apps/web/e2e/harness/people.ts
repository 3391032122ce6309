/**
 * Helpers of the people back-office browser tests (issue 14 "Done when"): the real SMTP server's mailbox, axe and
 * console checks of the pages visited, the demo auction, a session's API calls with the browser's own cookies, and a
 * recorder of a page's live connection (its WebSockets and what its badge, banner and offer buttons show, each with
 * the instant it changed) that survives the page's navigations.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { describeViolations, runAxe } from './a11y.js';
import { ApiSession } from './api.js';

/** The real SMTP server of tools/infra (the product sends there) and its HTTP API (the tests read there). */
export const SMTP_URL = process.env.E2E_SMTP_URL ?? 'smtp://127.0.0.1:51025';
export const SMTP_API_URL = process.env.E2E_SMTP_API_URL ?? 'http://127.0.0.1:58025';

/** One message caught by the SMTP server, as its HTTP API lists it. */
export interface CaughtMail {
  readonly subject: string;
  readonly text: string;
  readonly receivedAt?: string;
}

/** Waits until `to` has received at least `count` messages matching `match` (default any); answers those. */
export async function waitForMail(to: string, count = 1, match: (m: CaughtMail) => boolean = () => true, timeoutMs = 20_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${SMTP_API_URL}/messages?to=${encodeURIComponent(to)}&limit=20`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`SMTP API ${SMTP_API_URL}: ${response.status} ${await response.text()}`);
    const items = ((await response.json()) as { items: CaughtMail[] }).items.filter(match);
    if (items.length >= count) return items;
    if (Date.now() > deadline) throw new Error(`mail #${count} to ${to} did not arrive at ${SMTP_API_URL} within ${timeoutMs} ms (found ${items.length})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The path and query of the first link to `path` in a mail's text (its host is the product's public address), or null. */
export function linkIn(text: string, path: string): string | null {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return `${url.pathname}${url.search}`;
  }
  return null;
}

/** Fails with axe's violations of the page as it is now. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `axe on ${what} (${page.url()}):\n${describeViolations(violations)}`).toEqual([]);
}

/** The console errors and uncaught exceptions of one page, each with the page's address and the source's (a failed resource's). */
export interface ConsoleLog {
  readonly label: string;
  readonly errors: { text: string; source: string; url: string; at: number }[];
}

/** Starts recording `page`'s console errors and uncaught exceptions (from now on, across navigations). */
export function recordConsole(page: Page, label: string): ConsoleLog {
  const log: ConsoleLog = { label, errors: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') log.errors.push({ text: message.text(), source: message.location().url, url: page.url(), at: Date.now() });
  });
  page.on('pageerror', (error) => log.errors.push({ text: `uncaught ${error.name}: ${error.message}`, source: '', url: page.url(), at: Date.now() }));
  return log;
}

/**
 * A console error a test expects: the browser's own line for a refused request the test caused (not an app error),
 * matched on its text and source address, from `since` on, on the pages labelled `labels` (all when absent).
 */
export interface ExpectedConsoleError {
  readonly pattern: RegExp;
  readonly source?: RegExp;
  readonly since?: number;
  readonly labels?: readonly string[];
  readonly why: string;
}

/** An anonymous page asks for its profile to learn whether it is logged in: the browser logs that call's 401. */
export const ANONYMOUS_PROFILE_PROBE: ExpectedConsoleError = {
  pattern: /status of 401/, source: /\/api\/v1\/secure\/user$/, why: "an anonymous visitor's page asks for its profile (401: not logged in)",
};

/** Fails when a page logged a console error (or threw) other than the `expected` ones. */
export function expectNoConsoleErrors(logs: readonly ConsoleLog[], expected: readonly ExpectedConsoleError[] = []): void {
  const unexpected = logs.flatMap((log) => log.errors
    .filter((e) => !expected.some((x) => e.at >= (x.since ?? 0) && (!x.labels || x.labels.includes(log.label)) && x.pattern.test(e.text) && (!x.source || x.source.test(e.source))))
    .map((e) => `  [${log.label}] ${e.text} (${e.source || 'no source'}, on ${e.url})`));
  expect(unexpected, `console errors of the app:\n${unexpected.join('\n')}`).toEqual([]);
}

/** The running demo auction ("Demo live auction…", regulation required) and its first lot, read by a demo dealer. */
export async function demoAuction(baseUrl: string, reader = 'dealer1'): Promise<{ idAuction: string; idLot: string; name: string }> {
  const api = await ApiSession.login(baseUrl, reader);
  const { items: running } = await api.expect<{ items: { idAuction: string; auctionName: string }[] }>(200, 'GET', '/api/v1/secure/running-auctions?limit=100');
  const demo = running.find((a) => a.auctionName.startsWith('Demo live auction'));
  if (!demo) throw new Error(`no running demo auction among ${JSON.stringify(running.map((a) => a.auctionName))}`);
  const full = await api.auctionFull(demo.idAuction);
  const lot = full.lots.find((l) => l.status === 'RUN') ?? full.lots[0];
  if (!lot) throw new Error(`the demo auction ${demo.idAuction} has no lot`);
  return { idAuction: demo.idAuction, idLot: lot.idLot, name: demo.auctionName };
}

/** A call with a browser context's own session (its cookies, its XSRF token echoed), from node: what that session gets. */
export async function callAsContext(context: BrowserContext, baseUrl: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const cookies = await context.cookies(baseUrl);
  return callWithCookies(cookies.map((c) => ({ name: c.name, value: c.value })), baseUrl, method, path, body);
}

/** A call with the given cookies (a session captured earlier: its page may have dropped them since). */
export async function callWithCookies(
  cookies: readonly { name: string; value: string }[], baseUrl: string, method: string, path: string, body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json', cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let parsed: unknown = text;
  try { parsed = text ? JSON.parse(text) : null; } catch { /* not JSON: kept as text */ }
  return { status: res.status, body: parsed };
}

/** One observation of a page's live channel: what changed, when (epoch ms of the machine's clock). */
export interface LiveObservation {
  readonly what: string;
  readonly at: number;
}

/** What {@link watchLive} records. */
export interface LiveWatch {
  /** WebSockets the page opened: address, when opened and (once) closed. */
  readonly sockets: { url: string; openedAt: number; closedAt: number | null }[];
  /**
   * In-page changes, on the page's clock (the machine's): `badge:<status>` of `[data-testid=connection]` (`none` when
   * not shown), `lost:true|false` of the connection-lost banner, `offer:enabled|disabled|none` of the offer buttons,
   * `page:<path>` on each document loaded.
   */
  readonly seen: LiveObservation[];
  /** The first observation matching `what` at or after `since`. */
  first(what: RegExp, since: number): LiveObservation | undefined;
  /** The sockets open now. */
  open(): { url: string; openedAt: number; closedAt: number | null }[];
}

/**
 * Records `page`'s live connection from now on (call before the page loads the app): its WebSockets (node side, from
 * the browser's events) and, in the page, every change of the connection badge, the connection-lost banner and the
 * offer buttons, stamped with the page's `Date.now()` at the DOM change (a MutationObserver reporting through an
 * exposed binding, which survives navigations).
 */
export async function watchLive(page: Page): Promise<LiveWatch> {
  const sockets: LiveWatch['sockets'] = [];
  const seen: LiveObservation[] = [];
  page.on('websocket', (ws) => {
    const socket = { url: ws.url(), openedAt: Date.now(), closedAt: null as number | null };
    sockets.push(socket);
    ws.on('close', () => { socket.closedAt ??= Date.now(); });
  });
  await page.exposeBinding('__peopleLiveReport', (_source, what: string, at: number) => { seen.push({ what, at }); });
  await page.addInitScript(() => {
    const w = window as unknown as { __peopleLiveReport?: (what: string, at: number) => void };
    const last: Record<string, string> = {};
    const report = (key: string, value: string) => {
      if (last[key] === value) return;
      last[key] = value;
      void w.__peopleLiveReport?.(`${key}:${value}`, Date.now());
    };
    const check = () => {
      report('badge', document.querySelector('[data-testid="connection"]')?.getAttribute('data-status') ?? 'none');
      report('lost', String(document.querySelector('[data-testid="connection-lost"]') !== null));
      const offers = Array.from(document.querySelectorAll<HTMLButtonElement>('button[data-testid^="offer-submit-"]'));
      report('offer', offers.length === 0 ? 'none' : offers.every((b) => b.disabled) ? 'disabled' : 'enabled');
      report('page', location.pathname);
    };
    const start = () => {
      new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status', 'disabled'] });
      check();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
  });
  return {
    sockets, seen,
    first: (what, since) => seen.find((o) => o.at >= since && what.test(o.what)),
    open: () => sockets.filter((s) => s.closedAt === null),
  };
}

/** A unique e-mail address of this run (the SMTP server keeps every run's mail). */
export function uniqueEmail(prefix: string, domain = 'people-e2e.example'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@${domain}`;
}
