import type { Market } from '@auction/domain';
import type { TranslatedLanguage } from '@auction/i18n';

/**
 * The groups (code tables) the lookup service knows. The spec names the categories but not their values: the values
 * are ours (see README.md). Spec 01 names COUNTRY, COUNTRY_AREA, DEALER_ACTIVITY, CAR_SOLD, BUYING_INTEREST, ROLE,
 * PERMISSION, MARKET, LANGUAGE, AUCTION_STATUS, LOT_STATUS; the rest are the enumerations the forms of spec 02 use.
 */
export const GROUP_CODES = [
  'COUNTRY', 'COUNTRY_AREA', 'MARKET', 'LANGUAGE',
  'DEALER_ACTIVITY', 'CAR_SOLD', 'BUYING_INTEREST',
  'ROLE', 'PERMISSION',
  'AUCTION_STATUS', 'LOT_STATUS', 'AWARD_STATUS', 'AUCTION_TYPE', 'LISTING_KIND', 'CHANNEL', 'EXPORT_FORMAT',
  'VEHICLE_SHOWCASE_STATE', 'PRODUCT_TYPE', 'FUEL_TYPE_INFOCAR', 'FUEL_TYPE_JATO', 'GEARBOX', 'BRAND',
] as const;
export type GroupCode = (typeof GROUP_CODES)[number];

/** True for a group the lookup service knows. */
export function isGroupCode(value: unknown): value is GroupCode {
  return typeof value === 'string' && (GROUP_CODES as readonly string[]).includes(value);
}

/**
 * A text in every translated language. `be` (Belgian Dutch) and `lu` (Luxembourg French) are optional: without
 * them a reader of `be` gets `nl` and one of `lu` gets `fr`, the rule of `resourceLanguageOf` in @auction/i18n.
 */
export type Texts = Readonly<Record<TranslatedLanguage, string>> & { readonly be?: string; readonly lu?: string };

/** One element as stored: a description in every language, or one proper name shown as it is in every language. */
export interface ElementDef {
  readonly code: string;
  readonly ranking: number;
  readonly des: Texts | string;
}

/**
 * A code table. `scope: 'all'` tables are the same in every market; `'market'` tables (COUNTRY_AREA) hold elements
 * of their own per market, and a market without any has none.
 */
export type GroupDef =
  | { readonly groupCode: GroupCode; readonly des: Texts; readonly scope: 'all'; readonly elements: readonly ElementDef[] }
  | { readonly groupCode: GroupCode; readonly des: Texts; readonly scope: 'market'; readonly byMarket: Readonly<Partial<Record<Market, readonly ElementDef[]>>> };

/**
 * One element as the API answers it (spec 01: elementCode, elementDes, ranking, plus groupCode and idMarket).
 * `idMarket` is the market asked about; `null` when a table the same in every market was read without a market.
 */
export interface CodeElement {
  readonly groupCode: GroupCode;
  readonly elementCode: string;
  readonly elementDes: string;
  readonly ranking: number;
  readonly idMarket: Market | null;
}

/** A group as `groups` answers it: its description and its elements. */
export interface CodeGroup {
  readonly groupCode: GroupCode;
  readonly groupDes: string;
  readonly elements: readonly CodeElement[];
}
