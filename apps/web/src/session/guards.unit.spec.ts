// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserProfile } from '@auction/contracts';
import { ApiError } from '../api/http.js';
import type { RouterContext } from '../routes/__root.js';
import { createStore } from '../ui/store.js';
import { accessDecision, consentsGiven, guardFailure, homeOf, publicOnly, requireUser } from './guards.js';
import { logoutFlag, setLogoutFlag } from './session-keys.js';

const dealer: UserProfile = {
  idUser: 'U-1', idDealer: 'D-1', idMarket: 'IT', preferredLanguage: 'it', roles: ['BUYER'], username: 'dealer1',
  consent1: true, consent2: true, consent3: true, flgEnabled: true, readOnly: false, adminEnabledMarket: [],
};

function context(profile: UserProfile | null): RouterContext {
  return { services: { session: createStore<UserProfile | null>(profile) } } as unknown as RouterContext;
}

/** What a guard threw: the redirect's target, or 'passed'. */
function outcome(run: () => unknown): string {
  try {
    run();
    return 'passed';
  } catch (thrown) {
    const options = (thrown as { options?: { to?: string; search?: Record<string, unknown> } }).options;
    return `${options?.to}${options?.search?.redirect ? ` <- ${String(options.search.redirect)}` : ''}`;
  }
}

describe('the access guard (spec 01 §4)', () => {
  beforeEach(() => sessionStorage.clear());

  it('no profile or no username → login; a consent not given → privacy; disabled → forbidden; else the roles decide', () => {
    expect(accessDecision(null)).toBe('login');
    expect(accessDecision({ ...dealer, username: '' })).toBe('login');
    for (const c of ['consent1', 'consent2', 'consent3'] as const) expect(accessDecision({ ...dealer, [c]: false })).toBe('privacy');
    expect(accessDecision({ ...dealer, flgEnabled: false })).toBe('forbidden');
    // Consents come first: a disabled user without consents is asked for them (the spec's order).
    expect(accessDecision({ ...dealer, flgEnabled: false, consent2: false })).toBe('privacy');
    expect(accessDecision(dealer, { roles: ['AUCTIONEER'] })).toBe('home');
    expect(accessDecision(dealer, { roles: ['BUYER', 'ADMIN'] })).toBe('allow');
    expect(accessDecision(dealer)).toBe('allow');
  });

  it('the privacy page is always allowed to a logged user, never to a visitor', () => {
    expect(accessDecision({ ...dealer, consent1: false, flgEnabled: false }, { privacyPage: true })).toBe('allow');
    expect(accessDecision(null, { privacyPage: true })).toBe('login');
  });

  it('consentsGiven needs all three true', () => {
    expect(consentsGiven(dealer)).toBe(true);
    expect(consentsGiven({ ...dealer, consent3: false })).toBe(false);
    expect(consentsGiven({ ...dealer, consent1: null as unknown as boolean })).toBe(false);
  });

  it('requireUser redirects as decided, keeping the page asked for, and clears the logout flag on admission', () => {
    const location = { href: '/live?toSearch=fiat' };
    expect(outcome(() => requireUser()({ context: context(null), location }))).toBe('/login <- /live?toSearch=fiat');
    expect(outcome(() => requireUser()({ context: context({ ...dealer, consent2: false }), location }))).toBe('/private/privacy <- /live?toSearch=fiat');
    expect(outcome(() => requireUser()({ context: context({ ...dealer, flgEnabled: false }), location }))).toBe('/forbidden');
    expect(outcome(() => requireUser(['AUCTIONEER'])({ context: context(dealer), location }))).toBe('/');
    setLogoutFlag(true);
    expect(requireUser(['BUYER'])({ context: context(dealer), location }).profile).toBe(dealer);
    expect(logoutFlag()).toBe(false);
  });

  it('the public-page guard sends a logged user to /private unless the logout flag is set', () => {
    expect(outcome(() => publicOnly()({ context: context(null) }))).toBe('passed');
    expect(outcome(() => publicOnly()({ context: context(dealer) }))).toBe('/private');
    setLogoutFlag(true);
    expect(outcome(() => publicOnly()({ context: context(dealer) }))).toBe('passed');
  });

  it('a failure inside a guard: 403004 → its dialog (navigation continues), 0 or 5xx → maintenance, else login', () => {
    expect(guardFailure(new ApiError(403, 403004, 'disabled'))).toBe('dialog-403004');
    expect(guardFailure(new ApiError(0, 0, 'down'))).toBe('maintenance');
    expect(guardFailure(new ApiError(500, 500001, 'boom'))).toBe('maintenance');
    expect(guardFailure(new ApiError(401, 401001, 'no login'))).toBe('login');
    expect(guardFailure(new Error('other'))).toBe('login');
  });

  it('homes: dealers at their home /private, auctioneers and admins at /auction-management, exhibitors at the showcase', () => {
    expect(homeOf(['BUYER'])).toBe('/private');
    expect(homeOf(['AUCTIONEER'])).toBe('/auction-management');
    expect(homeOf(['ADMIN'])).toBe('/admin');
    expect(homeOf(['CUSTOMER_CENTER'])).toBe('/admin');
    expect(homeOf(['ADMIN', 'BUYER'])).toBe('/admin');
    expect(homeOf(['EXHIBITOR'])).toBe('/showcase-catalogue');
    expect(homeOf(['USER', 'LOADER'])).toBe('/upload-vehicle');
    expect(homeOf(['LOADER', 'AUCTIONEER'])).toBe('/auction-management');
  });
});
