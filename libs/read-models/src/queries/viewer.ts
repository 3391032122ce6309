import { API_ERROR_CODES } from '@auction/contracts';

/** Who is asking: the API's actor fits this shape. */
export interface Viewer {
  readonly idUser: string;
  readonly roles: readonly string[];
  /** The markets an ADMIN or CUSTOMER_CENTER manages (none when absent). */
  readonly adminEnabledMarket?: readonly string[];
}

/** True when the viewer owns the thing (auction, showcase) or administers the portal. */
export function isPrivileged(idOwner: string, viewer: Viewer | null): boolean {
  return !!viewer && (viewer.roles.includes('ADMIN') || idOwner === viewer.idUser);
}

/**
 * A refusal raised by a query for who the caller is (403) or an unknown showcase (404), with the same
 * fields as the API's `AccessError`. Pass the API's own factories in {@link AccessErrors} to get its class.
 */
export class ReadModelAccessError extends Error {
  constructor(
    readonly httpStatus: 403 | 404,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ReadModelAccessError';
  }
}

/** How the queries refuse a caller; the API passes its `AccessError` factories so its error filter maps them. */
export interface AccessErrors {
  /** The caller neither owns the auction (or showcase) nor is an administrator. */
  readonly notOwner: (what: 'auction' | 'showcase') => Error;
  /** No vehicle was listed in this showcase. */
  readonly showcaseNotFound: () => Error;
}

/** The default {@link AccessErrors}: the API's codes in a {@link ReadModelAccessError}. */
export const DEFAULT_ACCESS_ERRORS: AccessErrors = {
  notOwner: (what) => new ReadModelAccessError(403, API_ERROR_CODES.NOT_OWNER, `only the owner of this ${what} or an administrator may do this`),
  showcaseNotFound: () => new ReadModelAccessError(404, API_ERROR_CODES.SHOWCASE_NOT_FOUND, 'showcase not found'),
};

/** Options shared by the query classes. */
export interface ReadModelQueryOptions {
  /** The clock statuses and holds are derived from (epoch ms); default `Date.now`. */
  readonly now?: () => number;
  /** Refusals; default {@link DEFAULT_ACCESS_ERRORS}. */
  readonly errors?: Partial<AccessErrors>;
  /** Schema to read; default the database's live schema. */
  readonly schema?: string;
  /**
   * The username of a user by id, for answers that name another user (offers report, sold vehicles). The tables keep
   * ids only (a username may be an e-mail address, erasable), so the API resolves names from its in-memory index;
   * default: the id itself.
   */
  readonly usernameOf?: (idUser: string) => string;
  /**
   * Who sees what: the templates whose auctions the viewer's lists show (besides the default channel's and its own);
   * null: every auction (staff). Default: every auction.
   */
  readonly templatesOf?: (viewer: Viewer) => readonly string[] | null;
}

/** The list filter of who sees what for `viewer` under `options` (see {@link ReadModelQueryOptions.templatesOf}). */
export function templateFilterOf(options: ReadModelQueryOptions, viewer: Viewer): { templates: readonly string[] | null; viewerId: string } {
  return { templates: options.templatesOf ? options.templatesOf(viewer) : null, viewerId: viewer.idUser };
}

/**
 * Whether the viewer sees one auction as the lists do ({@link templateFilterOf}): the default channel (no template), a
 * template it is enabled for, or its own auction; every template when `templatesOf` answers null (staff) or is not set.
 */
export function auctionSeenBy(options: ReadModelQueryOptions, viewer: Viewer, auction: { readonly idTemplate?: string | null; readonly idOwner: string }): boolean {
  const { templates, viewerId } = templateFilterOf(options, viewer);
  return templates === null || !auction.idTemplate || templates.includes(auction.idTemplate) || auction.idOwner === viewerId;
}
