import { redirect } from '@tanstack/react-router';
import type { UserProfile } from '@auction/contracts';
import type { Role } from '@auction/domain';
import { ApiError } from '../api/http.js';
import type { RouterContext } from '../routes/__root.js';
import { logoutFlag, setLogoutFlag } from './session-keys.js';

/** The consents of a profile that the access guard needs: all three given (spec 01 §4). */
type Consents = Pick<UserProfile, 'consent1' | 'consent2' | 'consent3'>;

/**
 * True when the three consents are given. The profile has no "unset" value, so anything but `true` counts as not
 * given: a user who disagreed is sent back to the privacy page like one who never answered.
 */
export function consentsGiven(profile: Consents): boolean {
  return profile.consent1 === true && profile.consent2 === true && profile.consent3 === true;
}

/** What the access guard does with a navigation into the private area. */
export type AccessDecision = 'login' | 'privacy' | 'forbidden' | 'home' | 'allow';

/**
 * The access guard of spec 01 §4, pure: no profile (or no username) → login; a consent not given → the privacy
 * page, which is always allowed; otherwise access is `flgEnabled` (false → the forbidden page); then the route's
 * roles, when it names some (another role → the user's own home).
 */
export function accessDecision(
  profile: Pick<UserProfile, 'username' | 'roles' | 'flgEnabled'> & Consents | null,
  target: { readonly roles?: readonly Role[]; readonly privacyPage?: boolean } = {},
): AccessDecision {
  if (!profile || !profile.username) return 'login';
  if (target.privacyPage) return 'allow';
  if (!consentsGiven(profile)) return 'privacy';
  if (!profile.flgEnabled) return 'forbidden';
  if (target.roles && !profile.roles.some((r) => target.roles!.includes(r))) return 'home';
  return 'allow';
}

/**
 * Where a user starts: back-office staff (ADMIN, CUSTOMER_CENTER) at the back-office landing, dealers at their home
 * (`/private`, which draws it: spec 01 §2, a signed-in user goes to `/private`), auctioneers at their auctions, loaders at the vehicle upload, exhibitors at the showcase. Staff first: their work is the back-office even
 * when they hold an auction role too.
 */
export function homeOf(roles: readonly string[]): '/admin' | '/private' | '/auction-management' | '/upload-vehicle' | '/showcase-catalogue' {
  if (roles.includes('ADMIN') || roles.includes('CUSTOMER_CENTER')) return '/admin';
  if (roles.includes('BUYER')) return '/private';
  if (roles.some((r) => r === 'AUCTIONEER' || r === 'MULTI_AUCTIONEER')) return '/auction-management';
  // A loader's work is loading vehicles; the showcase refuses it (its home there sent it back to `/`, and round again).
  if (roles.includes('LOADER')) return '/upload-vehicle';
  return '/showcase-catalogue';
}

type GuardArgs = { context: RouterContext; location: { href: string } };

/**
 * `beforeLoad` of a private route: the access guard ({@link accessDecision}) on the cached profile (spec: "fetched
 * once and cached"). Throws the redirect it decides; on success returns the profile for the route's context.
 */
export function requireUser(roles?: readonly Role[]) {
  return ({ context, location }: GuardArgs): { profile: UserProfile } => {
    const profile = context.services.session.get();
    switch (accessDecision(profile, { roles })) {
      case 'login': throw redirect({ to: '/login', search: { redirect: location.href } });
      case 'privacy': throw redirect({ to: '/private/privacy', search: { redirect: location.href } });
      case 'forbidden': throw redirect({ to: '/forbidden' });
      case 'home': throw redirect({ to: '/' });
      case 'allow': break;
    }
    setLogoutFlag(false); // admitted: a later refusal of the session may set it again
    return { profile: profile! };
  };
}

/**
 * The public-page guard (spec 01 §4): a logged-in user opening a public page (the homes, registration, user
 * sign-up, the mobile login) goes to `/private`, unless the logout flag is set (the backend refused the session:
 * bouncing would loop). For the routes' `beforeLoad`.
 */
export function publicOnly() {
  return ({ context }: { context: RouterContext }): void => {
    if (context.services.session.get() && !logoutFlag()) throw redirect({ to: '/private' });
  };
}

/** What a failed call inside a guard leads to (spec 01 §4, §8). */
export type GuardFailure = 'dialog-403004' | 'maintenance' | 'login';

/**
 * A guard's call failed: 403004 opens its dialog and the navigation continues; an unreachable server (0) or a
 * server error (500) is the maintenance page; anything else goes to the login ("a failure inside the child guard
 * redirects to login").
 */
export function guardFailure(error: unknown): GuardFailure {
  if (error instanceof ApiError && error.errorCode === 403004) return 'dialog-403004';
  if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) return 'maintenance';
  return 'login';
}
