import { MARKETS, type Market } from '@auction/domain';
import type { Language } from '@auction/i18n';
import type { CodeElement, CodeGroup, ElementDef, GroupCode, GroupDef } from './code-element.js';
import {
  parseGroupCode, parseGroupCodes, parseMarkets, parseOptionalElementCode, parseOptionalMarket, type QueryValue,
} from './code-table.input.js';
import { CATALOGUE } from './data/catalogue.js';
import { collatorOf, describe, parseLanguage } from './localize.js';

/** `elementsMap`'s question: the query of GET /api/v1/open/ct-elements-map, as the HTTP layer hands it over. */
export interface ElementsMapQuery {
  readonly groupCodes: QueryValue;
  readonly idMarkets: QueryValue;
  readonly lang?: string | undefined;
}

/** `elements`'s question: the query of GET /api/v1/open/ct-elements. */
export interface ElementsQuery {
  readonly groupCode: QueryValue;
  readonly elementCode?: QueryValue;
  readonly idMarket?: QueryValue;
  readonly lang?: string | undefined;
}

/** Elements by group, then by market. */
export type ElementsMap = Readonly<Partial<Record<GroupCode, Readonly<Partial<Record<Market, readonly CodeElement[]>>>>>>;

// Sorted, described lists are kept once made: at most groups × (markets + 1) × languages of them.
const sortedLists = new Map<string, readonly CodeElement[]>();

function byRankingThenName(collator: Intl.Collator) {
  return (a: CodeElement, b: CodeElement): number =>
    a.ranking - b.ranking || collator.compare(a.elementDes, b.elementDes) || (a.elementCode < b.elementCode ? -1 : a.elementCode > b.elementCode ? 1 : 0);
}

/** One market's elements of a group (or the group's elements when it is the same in every market), described. */
function described(group: GroupDef, market: Market | null, language: Language): CodeElement[] {
  const defs: readonly ElementDef[] = group.scope === 'all' ? group.elements : market === null ? [] : group.byMarket[market] ?? [];
  return defs.map((def) => Object.freeze({
    groupCode: group.groupCode, elementCode: def.code, elementDes: describe(def.des, language), ranking: def.ranking, idMarket: market,
  }));
}

/**
 * The elements of one group as seen from one market (or from none), described in `language` and sorted: by
 * ranking, then by description with the language's collator, then by code. A market-scoped group read without a
 * market gives every market's elements, market by market in the order of MARKETS, each market sorted.
 */
function sortedElements(group: GroupDef, market: Market | null, language: Language): readonly CodeElement[] {
  const key = `${group.groupCode}|${market ?? ''}|${language}`;
  const cached = sortedLists.get(key);
  if (cached) return cached;
  const markets: readonly (Market | null)[] = group.scope === 'market' && market === null ? MARKETS : [market];
  const order = byRankingThenName(collatorOf(language));
  const list = Object.freeze(markets.flatMap((m) => described(group, m, language).sort(order)));
  sortedLists.set(key, list);
  return list;
}

/**
 * GET /api/v1/open/ct-elements-map: the elements of every group asked for, in every market asked for, in one call
 * (the registration form fills all its dropdowns with it). Both lists are required (spec 01 §7); repeats and empty
 * values are ignored. Throws `CodeTableError` for a missing list, an unknown group, market or language, or too many values.
 */
export function elementsMap(query: ElementsMapQuery): ElementsMap {
  const groupCodes = parseGroupCodes(query.groupCodes, 'groupCodes', true);
  const markets = parseMarkets(query.idMarkets, 'idMarkets', true);
  const language = parseLanguage(query.lang);
  return Object.fromEntries(groupCodes.map((code) => [
    code,
    Object.fromEntries(markets.map((market) => [market, sortedElements(CATALOGUE[code], market, language)])),
  ]));
}

/**
 * GET /api/v1/open/ct-elements: one group's elements, optionally of one market and optionally only the element with
 * one code (an empty list when there is none: a code the table lacks is an answer, not an error).
 * Throws `CodeTableError` for a missing or unknown group, an unknown market or language, or a malformed element code.
 */
export function elements(query: ElementsQuery): readonly CodeElement[] {
  const group = CATALOGUE[parseGroupCode(query.groupCode, 'groupCode')];
  const market = parseOptionalMarket(query.idMarket, 'idMarket') ?? null;
  const elementCode = parseOptionalElementCode(query.elementCode, 'elementCode');
  const language = parseLanguage(query.lang);
  const list = sortedElements(group, market, language);
  return elementCode === undefined ? list : list.filter((e) => e.elementCode === elementCode);
}

/**
 * GET /api/v1/open/ct-group: whole groups, with their own description, in the order asked (every group when none is
 * named). Market-scoped groups (COUNTRY_AREA) hold every market's elements, each carrying its `idMarket`.
 * Throws `CodeTableError` for an unknown group or language, or too many groups.
 */
export function groups(groupCodes: QueryValue, lang?: string): readonly CodeGroup[] {
  const asked = parseGroupCodes(groupCodes, 'groupCode', false);
  const language = parseLanguage(lang);
  const codes = asked.length > 0 ? asked : (Object.keys(CATALOGUE) as GroupCode[]);
  return codes.map((code) => {
    const group = CATALOGUE[code];
    return { groupCode: code, groupDes: describe(group.des, language), elements: sortedElements(group, null, language) };
  });
}

/** The three lookups together, for a caller that wants one thing to inject. */
export const CodeTables = { elementsMap, elements, groups } as const;
