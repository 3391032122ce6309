import { redirect } from '@tanstack/react-router';
import type { Role } from '@auction/domain';
import type { RouterContext } from '../routes/__root.js';

/** `beforeLoad` of a private route: logged in (and one of `roles`, when given), else the login page. */
export function requireUser(roles?: readonly Role[]) {
  return ({ context, location }: { context: RouterContext; location: { href: string } }) => {
    const profile = context.services.session.get();
    if (!profile) throw redirect({ to: '/login', search: { redirect: location.href } });
    if (roles && !profile.roles.some((r) => roles.includes(r))) throw redirect({ to: '/' });
    return { profile };
  };
}

/** Where a user starts: dealers at the running auctions, auctioneers at their auctions, exhibitors at the showcase. */
export function homeOf(roles: readonly string[]): '/live' | '/auction-management' | '/showcase-catalogue' {
  if (roles.includes('BUYER')) return '/live';
  if (roles.some((r) => r === 'AUCTIONEER' || r === 'MULTI_AUCTIONEER' || r === 'ADMIN')) return '/auction-management';
  return '/showcase-catalogue';
}
