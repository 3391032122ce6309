import type { Role } from '@auction/domain';

/** One back-office area: its route (dealer-*, auctioneer-*, exhibitors are H-D's screens) and its i18n key. */
export interface BackOfficeArea {
  readonly to: '/dealer-management' | '/seller-management' | '/users' | '/auctioneer-management' | '/exhibitors' | '/vehicle-management' | '/user-anonymization' | '/email' | '/lead' | '/push-notification' | '/top-cms' | '/report' | '/template';
  readonly key: 'dealers' | 'sellers' | 'users' | 'auctioneers' | 'exhibitors' | 'vehicles' | 'anonymisation' | 'email' | 'lead' | 'push' | 'topCms' | 'report' | 'templates';
  readonly testId: string;
}

const AREAS: readonly (BackOfficeArea & { readonly adminOnly?: boolean })[] = [
  { to: '/dealer-management', key: 'dealers', testId: 'bo-dealers' },
  { to: '/seller-management', key: 'sellers', testId: 'bo-sellers' },
  { to: '/users', key: 'users', testId: 'bo-users' },
  { to: '/template', key: 'templates', testId: 'bo-templates' },
  { to: '/auctioneer-management', key: 'auctioneers', testId: 'bo-auctioneers' },
  { to: '/exhibitors', key: 'exhibitors', testId: 'bo-exhibitors' },
  { to: '/vehicle-management', key: 'vehicles', testId: 'bo-vehicles' },
  { to: '/user-anonymization', key: 'anonymisation', testId: 'bo-anonymisation', adminOnly: true },
  { to: '/email', key: 'email', testId: 'bo-email' },
  { to: '/lead', key: 'lead', testId: 'bo-lead' },
  { to: '/push-notification', key: 'push', testId: 'bo-push' },
  { to: '/top-cms', key: 'topCms', testId: 'bo-top-cms' },
  { to: '/report', key: 'report', testId: 'bo-report' },
];

/** The roles that open the back-office (spec 01 §6: administrator or customer centre, either suffices). */
export const BACK_OFFICE_ROLES: readonly Role[] = ['ADMIN', 'CUSTOMER_CENTER'];

/**
 * The back-office areas a user's roles open, in menu order: none without ADMIN or CUSTOMER_CENTER; anonymisation
 * for ADMIN only (its calls are ADMIN-only in the role matrix).
 */
export function backOfficeAreas(roles: readonly string[]): BackOfficeArea[] {
  const admin = roles.includes('ADMIN');
  if (!admin && !roles.includes('CUSTOMER_CENTER')) return [];
  return AREAS.filter((a) => admin || !a.adminOnly).map(({ to, key, testId }) => ({ to, key, testId }));
}
