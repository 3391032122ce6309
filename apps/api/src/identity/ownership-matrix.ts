/**
 * The ownership matrix (issue 24 item 3): for every route that names a resource (a dealer, user, auction, lot,
 * purchase, vehicle, file, template, seller...) in its path, query or body, who of four callers may act on a
 * resource that is not theirs. The role matrix (role-matrix.ts) says which roles may call a route at all; this table
 * says, for the callers the role lets in, whose resources they reach:
 *
 * - `dealer`: a user of another dealer (a BUYER of another dealer than the resource's);
 * - `market`: another market's staff (ADMIN and CUSTOMER_CENTER whose adminEnabledMarket is another market than the
 *   resource's);
 * - `seller`: another auctioneer, exhibitor or loader (of another dealer than the resource's);
 * - the owner (the resource's dealer user, auctioneer, exhibitor, loader, or the staff of its market) is always allowed.
 *
 * A caller not listed in `allowed` is refused (403 or 404), and a refusal never tells whether the resource exists:
 * the same status and errorCode as for an id that names nothing (unless the table lets that caller read the resource:
 * {@link seenBy}). A caller listed in `narrowed` gets a list narrowed to what it may see: the same answer as for an
 * id that names nothing. ownership-matrix.e2e.spec.ts walks every route of
 * the OpenAPI description and fails on a route that names a resource and has no row here.
 */

/** The callers other than the owner. */
export type OtherCaller = 'dealer' | 'market' | 'seller';

/** Who owns the resources a row names (the test's demo user that acts as the owner). */
export type Owner = 'dealer1' | 'auctioneer' | 'exhibitor' | 'loader' | 'admin';

export interface OwnershipRow {
  /** `METHOD /path` as in the OpenAPI description. */
  readonly route: string;
  /** The names the route reads a resource under (path, query or body), each with the kind of resource it names. */
  readonly names: Readonly<Record<string, ResourceKind>>;
  readonly owner: Owner;
  /** The other callers that reach the owner's resource (the rest are refused). */
  readonly allowed: readonly OtherCaller[];
  /**
   * The other callers the route answers with a list narrowed to what they may see (a filter, not a target): naming the
   * owner's resource answers exactly as naming one that does not exist (status, errorCode and body).
   */
  readonly narrowed: readonly OtherCaller[];
  /** Why the row is as it is, when it is not obvious. */
  readonly note?: string;
}

export type ResourceKind =
  | 'dealer' | 'auctDealer' | 'user' | 'auctioneerUser' | 'multiUser' | 'auction' | 'lot' | 'offer' | 'vehicle' | 'auctionVehicle'
  | 'showcaseVehicle' | 'exhibitorVehicle' | 'image' | 'document' | 'file' | 'template' | 'seller' | 'purchase' | 'stream'
  | 'lead' | 'notification' | 'email' | 'mail' | 'topCms' | 'showcase' | 'boughtAuction' | 'boughtVehicle';

/**
 * Rows the test does not call yet, with why (listed by the test on every run). None today: the last five (the ratings
 * and the payment link, which act on a purchase of the owner's) are called on the purchases the test makes first.
 */
export const NOT_YET_PROVEN: Readonly<Record<string, string>> = {};

/**
 * Routes whose refusal is not a 403 or 404 but another answer: a rating of what the caller did not buy is 422011, "not a
 * purchase of yours". For a vehicle the same whether it exists or not; for an auction the caller sees (the only ones it
 * may name: a hidden one is 404020 from the guard) an unknown id is 404020, which tells nothing it could not read.
 */
export const REFUSED_AS: Readonly<Record<string, { status: number; errorCode: number }>> = {
  'POST /api/v1/secure/auction/{idAuction}/feedback': { status: 422, errorCode: 422011 },
  'POST /api/v1/mobile/auction/{idAuction}/feedback': { status: 422, errorCode: 422011 },
  'POST /api/v1/secure/showcase/feedback/{id}': { status: 422, errorCode: 422011 },
  'POST /api/v1/mobile/showcase/feedback/{id}': { status: 422, errorCode: 422011 },
};

/**
 * Writes whose owner must succeed (2xx), not merely be let in: a refusal of another kind (422011 above) would
 * otherwise pass for the owner's answer too.
 */
export const OWNER_SUCCEEDS: ReadonlySet<string> = new Set([...Object.keys(REFUSED_AS), 'GET /api/v1/secure/user/payByLink']);

/**
 * Refusals the table asks for and the product does not give yet (`route as caller`: what happens instead). The test
 * calls them, prints them, and fails once one is mended (then remove its entry): a hole stays visible, never faked.
 */
export const KNOWN_HOLES: Readonly<Record<string, string>> = {};

/** A compact row: route, `name=kind` list, owner, the allowed and the narrowed others as letters (d, m, s), a note. */
export type Compact = readonly [route: string, names: string, owner: Owner, allowed: string, narrowed?: string, note?: string];

import { SALES_ROWS } from './ownership-rows-sales.js';
import { BACK_OFFICE_ROWS } from './ownership-rows-back-office.js';

const LETTERS: Readonly<Record<string, OtherCaller>> = { d: 'dealer', m: 'market', s: 'seller' };

function decode([route, names, owner, allowed, narrowed = '', note]: Compact): OwnershipRow {
  const pairs = names.split(',').filter(Boolean).map((pair) => pair.split('=') as [string, ResourceKind]);
  const callers = (letters: string) => [...letters].map((l) => LETTERS[l]!);
  return { route, names: Object.fromEntries(pairs), owner, allowed: callers(allowed), narrowed: callers(narrowed), ...(note ? { note } : {}) };
}

/** The ownership matrix: one row per route that names a resource. */
export const OWNERSHIP_MATRIX: readonly OwnershipRow[] = [...SALES_ROWS, ...BACK_OFFICE_ROWS].map(decode);

/**
 * Kinds that are another kind's resources, set apart only so that the test can name the owner's purchase among them: the
 * auction dealer1 bought in is an auction of the default channel (other dealers read it, so a rating refused as "not
 * yours" while an unknown id is 404 tells them nothing new). Not the vehicle it bought: sold, it is no longer on sale,
 * and other callers read it as an unknown id (GET /secure/vehicle/{id}: 404200), so a refusal to rate it must be the
 * unknown id's answer too.
 */
const SAME_AS: Partial<Record<ResourceKind, ResourceKind>> = { boughtAuction: 'auction' };

/** A vehicle on sale (in an auction or a showcase): every logged-in user reads its detail. */
const ON_SALE: readonly ResourceKind[] = ['auctionVehicle', 'showcaseVehicle'];

/**
 * True when the table lets `caller` read a resource of `kind` (a GET row naming it allows the caller): a refusal to act
 * on it may then say 403 (not yours, as 403002 or 403200 do), since the caller sees that it exists anyway.
 */
export function seenBy(caller: OtherCaller, kind: ResourceKind): boolean {
  if (kind in SAME_AS) return seenBy(caller, SAME_AS[kind]!);
  return ON_SALE.includes(kind) || OWNERSHIP_MATRIX.some((r) => r.route.startsWith('GET ') && Object.values(r.names).includes(kind) && r.allowed.includes(caller));
}

/** The row of a route (`METHOD /path`), if any. */
export function ownershipRow(route: string): OwnershipRow | undefined {
  return OWNERSHIP_MATRIX.find((r) => r.route === route);
}
