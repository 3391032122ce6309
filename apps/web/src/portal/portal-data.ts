import type { Market } from '@auction/domain';
import { partnerLogoUrl } from '../ui/partner-display.js';
import type { Language } from '@auction/i18n';
import type { PortalTexts } from './texts.js';

/** The pages of the public portal the server draws (spec 01 §2, public routes with header and footer). */
export const PORTAL_PAGES = ['home', 'partner', 'privacy', 'cookie', 'company', 'why', 'contact'] as const;
export type PortalPage = (typeof PORTAL_PAGES)[number];

/** One rendition of a banner image (`GET /open/top-cms`: AVIF and WebP at device widths). */
export interface PortalImageSource { readonly url: string; readonly width: number; readonly type: string }
export interface PortalImage { readonly sources: readonly PortalImageSource[] }

/** A banner of the home slider (spec 01 §2: desktop, tablet and mobile images, an optional call to action). */
export interface PortalBanner {
  readonly id: string; readonly title: string; readonly text: string | null; readonly ctaLabel: string | null; readonly cta: string | null;
  readonly image: PortalImage; readonly imageTablet: PortalImage | null; readonly imageMobile: PortalImage | null;
}

/** A partner as the carousels and the partner page show it (`GET /open/partners`). */
export interface PortalPartner {
  readonly idTemplate: string; readonly auctionName: string; readonly largeLogo: string | null; readonly smallLogo: string | null;
  readonly description: string | null; readonly commercialInfoPhone: string | null; readonly commercialInfoEmail: string | null;
  readonly vatCode: string | null; readonly auctioneerRating: number; readonly numFeedback: number;
}

/** A figure of the statistics block, formatted by the server in the page's language (spec 01 §9 number format). */
export interface PortalFigure { readonly key: 'totalAwarded' | 'monthAuctions' | 'monthAwarded' | 'users'; readonly value: string }

/** The cookie consent a visitor gave for a market's key (spec 01 §9), or null. */
export type CookieConsent = 'all' | 'necessary' | null;

/**
 * Everything a public page is drawn from: the server computes it (market, language, the answers of the open calls),
 * draws the page with it and hands it to the browser, which draws the same page from it (hydration): no call is made
 * again by the browser.
 */
export interface PortalData {
  readonly page: PortalPage;
  readonly market: Market;
  readonly language: Language;
  /** The languages the market offers (spec 01 §4, market change). */
  readonly languages: readonly Language[];
  /** The countries of the header's dropdown, with their names in the page's language. */
  readonly countries: readonly { readonly code: Market; readonly name: string }[];
  readonly texts: PortalTexts;
  /** The slider's banners; empty: the statistics block is shown. */
  readonly banners: readonly PortalBanner[];
  readonly figures: readonly PortalFigure[];
  readonly partners: readonly PortalPartner[];
  /** The header's and footer's partner links and the home's carousel (spec: partners exist and the market is not DE). */
  readonly showPartners: boolean;
  /** The partner page's partner (`/partner?idTemplate=`), null when none was asked for. */
  readonly idTemplate: string | null;
  readonly consent: CookieConsent;
  /** The cookie that keeps the consent for this market (spec 01 §9: keys DE, NL, PL, PT, FR, LU, BE, BE-FR). */
  readonly consentCookie: string;
  readonly contactMail: string;
  readonly contactPhone: string;
  /** The private-customer leasing site (DE: under the lower-cased country code). */
  readonly leasingUrl: string;
  /** App-store links (DE only; null elsewhere). */
  readonly appLinks: { readonly appStore: string; readonly googlePlay: string } | null;
  /** A signed-in user on a page that is not guarded (partner, privacy, ...): the header offers the private area. */
  readonly signedIn: boolean;
}

/** The id of the element the server draws the page into; the browser hydrates it. */
export const PORTAL_ROOT_ID = 'portal';
/** The id of the JSON block with the {@link PortalData}. */
export const PORTAL_DATA_ID = 'portal-data';
/** Cookies the portal sets for the server: the country and the language chosen (a year). */
export const MARKET_COOKIE = 'portal-market';
export const LANGUAGE_COOKIE = 'portal-language';
/** The consent is kept 180 days (spec 01 §9). */
export const CONSENT_DAYS = 180;

/** A partner logo's URL (`partner-logo/<id>`), or null without one. */
export function logoUrl(idImage: string | null): string | null {
  return idImage ? partnerLogoUrl(idImage) : null;
}

/** The partner page of a partner. */
export function partnerHref(idTemplate: string): string {
  return `/partner?idTemplate=${encodeURIComponent(idTemplate)}`;
}
