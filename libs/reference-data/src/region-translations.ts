import type { Market } from '@auction/domain';
import { describe, parseLanguage } from './localize.js';
import { COUNTRY_AREAS } from './data/catalogue.js';

/** The group whose elements are the region dropdown's options (spec 01 §2: province, department, region or county). */
export const REGION_GROUP = 'COUNTRY_AREA';

/** The i18next namespace the web client may load the region names into (see {@link regionTranslationResources}). */
export const CODE_TABLE_NAMESPACE = 'codeTables';

/**
 * The translation key of a region option's label (spec 01 §2: idMarket, groupCode and elementCode joined with dots),
 * e.g. `IT.COUNTRY_AREA.MI`. With i18next's default key separator (`.`) it names a nested entry of
 * {@link regionTranslationResources}; no code contains a dot.
 */
export function regionTranslationKey(idMarket: string, groupCode: string, elementCode: string): string {
  return `${idMarket}.${groupCode}.${elementCode}`;
}

/** Region names by key path, nested as i18next reads `IT.COUNTRY_AREA.MI` with its default key separator. */
export type RegionResources = Readonly<Partial<Record<Market, { readonly COUNTRY_AREA: Readonly<Record<string, string>> }>>>;

/**
 * The labels of every region option of every market in `lang` (a portal language; absent means English), for the web
 * client to add as a resource bundle: `i18n.addResourceBundle(lng, CODE_TABLE_NAMESPACE, regionTranslationResources(lang))`
 * and then `t(regionTranslationKey('IT', 'COUNTRY_AREA', 'MI'), { ns: CODE_TABLE_NAMESPACE })` → "Milano". Place names
 * keep their official form, so today every language gets the same names; the language is asked for so that a
 * translated name can be added without changing a caller. Throws `CodeTableError` (400073) for an unknown language.
 */
export function regionTranslationResources(lang?: string): RegionResources {
  const language = parseLanguage(lang);
  return Object.fromEntries(Object.entries(COUNTRY_AREAS).map(([market, defs]) => [
    market,
    { [REGION_GROUP]: Object.fromEntries(defs.map((def) => [def.code, describe(def.des, language)])) },
  ]));
}

/** The same labels as {@link regionTranslationResources}, flat, by full key (`IT.COUNTRY_AREA.MI` → "Milano"): for a reader without key separators (mail templates, an i18next set up with `keySeparator: false`). */
export function flatRegionTranslations(lang?: string): Readonly<Record<string, string>> {
  const language = parseLanguage(lang);
  return Object.fromEntries(Object.entries(COUNTRY_AREAS).flatMap(([market, defs]) =>
    defs.map((def) => [regionTranslationKey(market, REGION_GROUP, def.code), describe(def.des, language)])));
}
