import { partnerLogoUrl } from '../../../../ui/partner-display.js';
import type { ManagedAuction, MyBid, Page, Partner, PurchaseRow } from '@auction/contracts';

/** How many auctions of each list the home shows (the server pages them: `limit`). */
export const HOME_AUCTIONS = 3;
/** How many partners the home shows (the server pages them, by name). */
export const HOME_PARTNERS = 8;
/** How many of the latest bids and purchases the counts are made of (one bounded page each). */
export const HOME_COUNTED = 100;

/** One section's data, or null when its call failed (the section then says so; the others still show). */
export type Loaded<T> = T | null;

/** What the dealer's home shows: each section from a call that already exists. */
export interface DealerHomeData {
  readonly running: Loaded<Page<ManagedAuction>>;
  readonly scheduled: Loaded<Page<ManagedAuction>>;
  readonly bids: Loaded<BidsSummary>;
  readonly purchases: Loaded<PurchasesSummary>;
  /** Whether the showcase is open to the dealer with vehicles it may see; null: unknown (the card stays hidden). */
  readonly showcaseEnabled: Loaded<boolean>;
  readonly partners: Loaded<Page<Partner>>;
}

/** The dealer's bids in running auctions: leading and outbid, counted among its latest {@link HOME_COUNTED} bids. */
export interface BidsSummary {
  readonly leading: number;
  readonly outbid: number;
  /** The counts are of the latest page only (the dealer has bid on more lots than one page holds). */
  readonly partial: boolean;
}

/** The dealer's purchases: how many, and how many not paid yet among the latest {@link HOME_COUNTED}. */
export interface PurchasesSummary {
  readonly total: number;
  readonly toPay: number;
  readonly partial: boolean;
}

/** Leading and outbid lots of running auctions, as `/my-bids` tells them apart (closed and awarded ones aside). */
export function summarizeBids(page: Page<MyBid>): BidsSummary {
  const running = page.items.filter((b) => b.status === 'RUN');
  const leading = running.filter((b) => b.leading).length;
  return { leading, outbid: running.length - leading, partial: page.items.length < page.total };
}

/** A purchase is to pay until its payment is PAID (UNPAID, PENDING or FAILED; a row without a state too). */
export function summarizePurchases(page: Page<PurchaseRow>): PurchasesSummary {
  const toPay = page.items.filter((p) => p.paymentStatus !== 'PAID').length;
  return { total: page.total, toPay, partial: page.items.length < page.total };
}

export { partnerLogoUrl, wholeStars } from '../../../../ui/partner-display.js';

/** The logo a card shows: the small one, else the large one; none without either. */
export function partnerLogo(partner: Pick<Partner, 'smallLogo' | 'largeLogo'>): string | null {
  const id = partner.smallLogo ?? partner.largeLogo;
  return id ? partnerLogoUrl(id) : null;
}

/** The calls the home is made of (the route passes the real ones; tests pass their own). */
export interface DealerHomeCalls {
  readonly running: () => Promise<Page<ManagedAuction>>;
  readonly scheduled: () => Promise<Page<ManagedAuction>>;
  readonly myBids: () => Promise<Page<MyBid>>;
  readonly purchases: () => Promise<Page<PurchaseRow>>;
  readonly showcaseEnabled: () => Promise<{ enabled: boolean }>;
  readonly partners: () => Promise<Page<Partner>>;
}

/** Loads every section at once; a failed call leaves its section null and the others shown. */
export async function loadDealerHome(calls: DealerHomeCalls): Promise<DealerHomeData> {
  const settle = <T, R>(p: Promise<T>, map: (v: T) => R): Promise<R | null> => p.then(map, () => null);
  const same = <T>(v: T) => v;
  const [running, scheduled, bids, purchases, showcaseEnabled, partners] = await Promise.all([
    settle(calls.running(), same),
    settle(calls.scheduled(), same),
    settle(calls.myBids(), summarizeBids),
    settle(calls.purchases(), summarizePurchases),
    settle(calls.showcaseEnabled(), (v) => v.enabled === true),
    settle(calls.partners(), same),
  ]);
  return { running, scheduled, bids, purchases, showcaseEnabled, partners };
}
