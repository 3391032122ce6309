/**
 * The relying party refuses a sign-in the issuer proved before the user's latest password change or disable (#21
 * item 5), whatever the issuer (an external one knows of neither): it starts the sign-in again with `prompt=login`,
 * and a sign-in still outdated then fails with 401030. The issuer's token exchange is replaced (openid-client's
 * `authorizationCodeGrant` and `discovery`); everything else is the service and controller as they run.
 */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as Oidc from 'openid-client';

const actual = await import('openid-client');
let authTime: number | undefined = 0;
/** The ID token's `iat` (default: `authTime`). */
let issuedAt: number | undefined;
jest.unstable_mockModule('openid-client', () => ({
  ...actual,
  discovery: async () => new actual.Configuration({ issuer: 'https://issuer.example', authorization_endpoint: 'https://issuer.example/auth' }, 'portal', 'secret'),
  authorizationCodeGrant: async () => ({
    access_token: 'access', token_type: 'bearer', id_token: 'id-token',
    claims: () => ({ sub: 'x', preferred_username: 'dealer1', ...(authTime === undefined ? {} : { auth_time: authTime }), iat: issuedAt ?? authTime ?? 0 }),
  }) as unknown as Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>,
} satisfies Partial<typeof Oidc>));

const { SsoService, SsoSignInOutdated } = await import('./sso.service.js');
const { SsoController } = await import('./sso.controller.js');

const CHANGED_AT = Date.UTC(2026, 10, 23, 10);
const user = { status: 'ACTIVE', data: { idUser: 'dealer1', flgEnabled: true }, passwordChange: { changedAt: CHANGED_AT, keepSid: null } };
/** The `authenticatedAt` of each session started (what decides whether it counts as a recent sign-in). */
const sessionsAuthenticatedAt: (number | undefined)[] = [];
const auth = {
  activeUserNamed: () => user,
  assertMaySignIn: () => undefined,
  startSession: (_user: unknown, authenticatedAt: number | undefined) => {
    sessionsAuthenticatedAt.push(authenticatedAt);
    return { token: 'session-token', profile: {}, expiresAt: CHANGED_AT + 3_600_000 };
  },
};
const config = {
  publicUrl: 'https://portal.example', sessionTtlMs: 43_200_000,
  oidc: { issuerUrl: 'https://issuer.example', clientId: 'portal', clientSecret: 'secret', usernameClaim: 'preferred_username' },
};
type Args = ConstructorParameters<typeof SsoService>;
const sso = new SsoService(config as unknown as Args[0], Buffer.alloc(32, 7), auth as unknown as Args[2], { onChange: () => undefined } as unknown as Args[3]);

/** A sign-in started at the portal, with the issuer's answer for it. */
async function callbackQuery(fresh = false) {
  const started = await sso.begin('/observed', 'https://portal.example', undefined, fresh);
  const url = new URL(started.url);
  return { url, cookie: started.cookie, query: `?code=c&state=${url.searchParams.get('state')}` };
}

/** A reply that records what the controller answers. */
function recordingReply() {
  const cookies: string[] = [];
  let to = '';
  const reply = {
    setCookie: (name: string) => { cookies.push(name); return reply; },
    clearCookie: () => reply,
    header: () => reply,
    redirect: (url: string) => { to = url; return reply; },
  };
  return { reply: reply as unknown as FastifyReply, cookies, location: () => to };
}

beforeAll(() => sso.start(3000, { warn: () => undefined, error: () => undefined } as never));

describe('a single sign-on proven before the latest password change (#21 item 5)', () => {
  it('is accepted when the issuer authenticated the user after the change', async () => {
    authTime = Math.floor(CHANGED_AT / 1000) + 60;
    const { query, cookie } = await callbackQuery();
    await expect(sso.finish(query, cookie)).resolves.toMatchObject({ token: 'session-token', redirect: '/observed' });
  });

  it('is refused when older: first with a new sign-in that asks for the password, then with 401030', async () => {
    authTime = Math.floor(CHANGED_AT / 1000) - 3600;
    const first = await callbackQuery();
    expect(first.url.searchParams.get('prompt')).toBeNull();
    const refused = await sso.finish(first.query, first.cookie).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SsoSignInOutdated);
    expect(refused).toMatchObject({ code: 401030, retry: true, redirect: '/observed' });

    const again = await callbackQuery(true);
    expect(again.url.searchParams.get('prompt')).toBe('login');
    await expect(sso.finish(again.query, again.cookie)).rejects.toMatchObject({ code: 401030, retry: false });
  });

  it('the callback sends the browser back to the issuer with prompt=login, and then to the error', async () => {
    authTime = Math.floor(CHANGED_AT / 1000) - 3600;
    const controller = new SsoController(sso);
    const callback = async (fresh: boolean) => {
      const { query, cookie } = await callbackQuery(fresh);
      const cookieName = `SSO_FLOW_${new URLSearchParams(query).get('state')!.slice(0, 16)}`;
      const request = { url: `/api/v1/open/sso/callback${query}`, cookies: { [cookieName]: cookie }, protocol: 'https', host: 'portal.example' } as unknown as FastifyRequest;
      const recorded = recordingReply();
      await controller.callback(request, recorded.reply);
      return recorded;
    };
    const first = await callback(false);
    const to = new URL(first.location());
    expect(to.origin).toBe('https://issuer.example');
    expect(to.searchParams.get('prompt')).toBe('login');
    expect(first.cookies.some((c) => c.startsWith('SSO_FLOW_'))).toBe(true);
    expect(first.cookies).not.toContain('SESSION');
    const second = await callback(true);
    expect(second.location()).toBe('/?ssoError=401030');
    expect(second.cookies).not.toContain('SESSION');
  });

  it('without auth_time, the token\'s iat proves nothing: the password is asked, and then the sign-in counts (#21 item 5, attack review)', async () => {
    // An external issuer need not send auth_time; iat is when the token was made (now), not when the user signed in.
    authTime = undefined;
    issuedAt = Math.floor(Date.now() / 1000);
    try {
      const first = await callbackQuery();
      const refused = await sso.finish(first.query, first.cookie).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(SsoSignInOutdated);
      expect(refused).toMatchObject({ code: 401030, retry: true });
      // Asked with prompt=login, the issuer checked the password for this token: its iat is the sign-in.
      const again = await callbackQuery(true);
      await expect(sso.finish(again.query, again.cookie)).resolves.toMatchObject({ token: 'session-token' });
    } finally {
      issuedAt = undefined;
    }
  });

  it('a session made from an issuer session counts as signed in when the issuer checked the password, not now (review of #21 item 8)', async () => {
    // An issuer session of an hour ago reused by /open/sso/login: the new portal session must not count as a fresh
    // sign-in, or a browser left signed in could change the password without the current one.
    const anHourAgo = Math.floor(Date.now() / 1000) - 3_600;
    authTime = anHourAgo;
    sessionsAuthenticatedAt.length = 0;
    const signIn = await callbackQuery();
    await expect(sso.finish(signIn.query, signIn.cookie)).resolves.toMatchObject({ token: 'session-token' });
    expect(sessionsAuthenticatedAt).toEqual([anHourAgo * 1000]);
  });
});
