/**
 * A cookie-keeping client of the single sign-on for the e2e tests: the portal's login call, the embedded issuer's
 * authorization endpoint, its sign-in form, and back to the callback, as a browser does them.
 */
import { expect } from '@jest/globals';
import { DEMO_PASSWORD } from '../../testing/server.test-support.js';

/** Cookies per host (the portal at 127.0.0.1, the issuer at localhost) and path, as a browser keeps them. */
export class Browser {
  private readonly jars = new Map<string, Map<string, { name: string; value: string; path: string }>>();

  /** `extraHeaders` go with every request (a forwarded client address behind a trusted proxy). */
  constructor(private readonly extraHeaders: Record<string, string> = {}) {}

  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const jar = this.jar(target.host);
    const cookie = [...jar.values()].filter((c) => target.pathname === c.path || target.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`).join('; ');
    const headers = { ...this.extraHeaders, ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) };
    const res = await fetch(target, { ...init, redirect: 'manual', headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const path = /;\s*path=([^;]+)/i.exec(line)?.[1]?.trim() ?? '/';
      if (value === '' || /max-age=0/i.test(line)) jar.delete(`${name} ${path}`);
      else jar.set(`${name} ${path}`, { name, value, path });
    }
    return res;
  }

  /** The value of a cookie of `host` whose name is `name` (or, ending with `*`, starts with it). */
  cookie(host: string, name: string): string | undefined {
    const match = (n: string) => (name.endsWith('*') ? n.startsWith(name.slice(0, -1)) : n === name);
    return [...this.jar(host).values()].find((c) => match(c.name))?.value;
  }

  /** Sets the value of an existing cookie of `host` (named as in {@link cookie}). */
  setCookie(host: string, name: string, value: string): void {
    const match = (n: string) => (name.endsWith('*') ? n.startsWith(name.slice(0, -1)) : n === name);
    for (const c of this.jar(host).values()) if (match(c.name)) c.value = value;
  }

  /** Another browser with copies of this one's cookies (a cookie kept from before a sign-out). */
  clone(): Browser {
    const copy = new Browser(this.extraHeaders);
    for (const [host, jar] of this.jars) copy.jars.set(host, new Map([...jar].map(([key, c]) => [key, { ...c }])));
    return copy;
  }

  /** Forgets every cookie of `host` (the portal's session, keeping the issuer's). */
  forget(host: string): void {
    this.jars.delete(host);
  }

  private jar(host: string) {
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }
}

/** The Location header of a redirect. */
export const location = (res: Response) => res.headers.get('location') ?? '';

/** The steps of a sign-in against the portal at `portal`. */
export class SsoFlows {
  constructor(private readonly portal: string) {}

  /** Starts a sign-in at the portal; answers the issuer's authorization URL. */
  async begin(browser: Browser, query = 'redirect=%2Fobserved&lang=it'): Promise<URL> {
    const res = await browser.get(`${this.portal}/api/v1/open/sso/login?${query}`);
    expect(res.status).toBe(302);
    return new URL(location(res));
  }

  /** Follows the issuer to its sign-in page; answers the interaction's URL. */
  async toSignInPage(browser: Browser, authorization: URL): Promise<URL> {
    const res = await browser.get(authorization.href);
    expect(res.status).toBe(303);
    return new URL(location(res), authorization);
  }

  async submit(browser: Browser, page: URL, username: string, password: string): Promise<Response> {
    return browser.get(`${page.href}/login`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: page.origin },
      body: new URLSearchParams({ username, password }).toString(),
    });
  }

  /** A whole sign-in up to the issuer's redirect to the callback; answers that callback URL. */
  async signIn(browser: Browser, username = 'dealer1', password = DEMO_PASSWORD): Promise<URL> {
    const page = await this.toSignInPage(browser, await this.begin(browser));
    const done = await this.submit(browser, page, username, password);
    expect(done.status).toBe(303);
    const resumed = await browser.get(new URL(location(done), page).href);
    expect(resumed.status).toBe(303);
    return new URL(location(resumed));
  }
}
