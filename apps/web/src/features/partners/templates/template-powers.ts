import { MARKETS, type Market } from '@auction/domain';

/** What the logged user may do on the templates screens (the API's roles: partners.routes.ts). */
export interface TemplatePowers {
  /** Create, edit and delete templates: ADMIN (of the template's market), AUCTIONEER, MULTI_AUCTIONEER (of its dealer). */
  readonly manage: boolean;
  /** Enable or disable a template, enable a dealer for one: ADMIN. */
  readonly enable: boolean;
  /** The markets a new template may be of: an ADMIN's own, any for a dealer's auctioneer. */
  readonly markets: readonly Market[];
}

/** The powers of a profile; a read-only user changes nothing. */
export function templatePowers(profile: { readonly roles: readonly string[]; readonly readOnly?: boolean; readonly adminEnabledMarket?: readonly Market[] } | null): TemplatePowers {
  const roles = profile?.roles ?? [];
  const writes = profile?.readOnly !== true;
  const admin = roles.includes('ADMIN');
  const auctioneer = roles.includes('AUCTIONEER') || roles.includes('MULTI_AUCTIONEER');
  const markets = admin && !auctioneer ? (profile?.adminEnabledMarket ?? []) : MARKETS;
  return { manage: writes && (admin || auctioneer), enable: writes && admin, markets };
}
