/** Auction status: scheduled, running, closed, awarded. */
export const AUCTION_STATUSES = ['SCH', 'RUN', 'CLD', 'AWA'] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

/** Award status of a lot: to be awarded, awarded, not awarded. */
export const AWARD_STATUSES = ['TBA', 'AWA', 'NAW'] as const;
export type AwardStatus = (typeof AWARD_STATUSES)[number];

/** Auction types of the spec. */
export const AUCTION_TYPES = ['LEA', 'MUL', 'OTH'] as const;
export type AuctionType = (typeof AUCTION_TYPES)[number];

/** Markets of the portal. */
export const MARKETS = ['EN', 'IT', 'DE', 'NL', 'ES', 'BE', 'FR', 'PL', 'PT', 'LU', 'OTHER'] as const;
export type Market = (typeof MARKETS)[number];

/** System and auction roles. */
export const ROLES = [
  'USER', 'ADMIN', 'CUSTOMER_CENTER',
  'AUCTIONEER', 'MULTI_AUCTIONEER', 'LOADER', 'EXHIBITOR', 'BUYER', 'VISITOR',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may create and run auctions. */
export const AUCTION_MANAGER_ROLES: readonly Role[] = ['AUCTIONEER', 'MULTI_AUCTIONEER', 'ADMIN'];
/** Roles that may list vehicles in the showcase. */
export const SHOWCASE_MANAGER_ROLES: readonly Role[] = ['EXHIBITOR', 'ADMIN'];

/** Showcase vehicle availability as shown to a dealer. */
export const VEHICLE_STATES = ['AVAILABLE', 'HELD', 'SOLD', 'WITHDRAWN'] as const;
export type VehicleAvailability = (typeof VEHICLE_STATES)[number];
