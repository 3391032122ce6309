import { API_ERROR_CODES } from '@auction/contracts';
import { ERROR_CODES, REGISTRATION_ERROR_CODES } from '@auction/domain';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from './languages.js';
import { en } from './locales/en/index.js';
import { EXTRA_PLURAL_FORMS, NAMESPACES, resources } from './resources.js';

/** Every text of a namespace by its dotted key path. */
function flatten(tree: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') for (const [p, v] of flatten(value, path)) out.set(p, v);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Texts that are rightly the same in every language: the brand, the language names (written in their own language) and leasing. */
const SAME_AS_ENGLISH = new Set([
  'common.appName', ...['en', 'it', 'de', 'fr', 'es', 'nl', 'pl', 'pt', 'be', 'lu'].map((l) => `common.language.${l}`),
  'auctioneer.types.LEA', 'auction.vehicle.fuels.DIESEL',
  // The showcase card's data sheet line is placeholders and units only (year · km · fuel · gearbox · kW).
  'showcase.sheet.line',
  // A brand name: the leasing site's own name in every language.
  'privatePages.menu.myLeasys', 'privatePages.myLeasys.title',
  // The public portal: the brand, and the language names written in their own language.
  'portal.brand', ...['en', 'it', 'de', 'fr', 'es', 'nl', 'pl', 'pt', 'be', 'lu'].map((l) => `portal.languages.${l}`),
]);
/** Texts that are rightly the same as English in one language: words the language shares with English (`Status`, `Details`). */
const SAME_AS_ENGLISH_IN: Partial<Record<TranslatedLanguage, readonly string[]>> = {
  it: ['login.password', 'people.menu.email', 'privatePages.menu.privacy', 'privatePages.contact.mail', 'privatePages.privacy.title', 'portal.contact.mail', 'portal.partner.email', 'portal.footer.privacy'],
  de: ['auction.vehicle.version', 'auction.vehicle.region', 'auction.vehicle.fuels.HYBRID', 'auction.list.status', 'auction.lot.status', 'auction.lot.detail', 'auctioneer.management.status', 'auctioneer.lot.status', 'common.live.offline', 'vehicleUpload.save.details', 'vehicleUpload.columns.version', 'vehicleUpload.columns.region', 'privatePages.menu.support', 'privatePages.menu.cookie', 'privatePages.support.title', 'privatePages.cookie.title', 'portal.cookieBanner.label', 'portal.cookie.title'],
  nl: ['people.menu.email', 'auctioneer.buyer.username', 'auction.list.status', 'auction.lot.status', 'auction.lot.detail', 'auctioneer.management.status', 'auctioneer.lot.status', 'common.live.offline', 'vehicleUpload.save.details', 'privatePages.menu.contact', 'privatePages.menu.privacy', 'privatePages.menu.cookie', 'privatePages.contact.title', 'privatePages.contact.mail', 'privatePages.privacy.title', 'privatePages.cookie.title', 'portal.contact.mail', 'portal.partner.email', 'portal.footer.privacy', 'portal.cookieBanner.label', 'portal.cookie.title'],
  pl: ['people.menu.email', 'auctioneer.buyer.username', 'auction.vehicle.region', 'auction.list.status', 'auction.lot.status', 'auctioneer.management.status', 'auctioneer.lot.status', 'auctioneer.report.dealer', 'vehicleUpload.columns.region', 'privatePages.contact.mail', 'portal.contact.mail', 'portal.partner.email'],
  es: ['auction.vehicle.gearboxes.MANUAL', 'privatePages.menu.cookie', 'privatePages.cookie.title', 'portal.cookieBanner.label', 'portal.cookie.title'],
  pt: ['auction.vehicle.gearboxes.MANUAL', 'people.menu.email', 'privatePages.menu.cookie', 'privatePages.contact.mail', 'privatePages.cookie.title', 'portal.contact.mail', 'portal.partner.email', 'portal.cookieBanner.label', 'portal.cookie.title'],
  fr: ['people.menu.email', 'topCms.list.actions', 'auction.gallery.title', 'auction.vehicle.documents', 'auction.vehicle.version', 'showcase.columns.actions', 'auctioneer.management.actions', 'auctioneer.lot.actions', 'auctioneer.picker.minute', 'vehicleUpload.sheet.provenance', 'vehicleUpload.batch.photos', 'vehicleUpload.batch.documents', 'vehicleUpload.columns.version', 'privatePages.menu.contact', 'privatePages.menu.cookie', 'privatePages.contact.title', 'privatePages.cookie.title', 'portal.contact.mail', 'portal.partner.email', 'portal.cookieBanner.label', 'portal.cookie.title'],
};
/** Texts this short may coincide with English (`OK`, `Live`, `Error`); longer ones that do are untranslated copies. */
const SHORT = 5;

/** The keys a translation of `english` must have: the English ones, plus `x_<form>` beside every `x_other` for each extra plural form. */
function expectedKeys(english: Map<string, unknown>, extraForms: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const path of english.keys()) {
    out.set(path, path);
    if (path.endsWith('_other')) for (const form of extraForms) out.set(path.replace(/_other$/, `_${form}`), path);
  }
  return out;
}

const translated = TRANSLATED_LANGUAGES.filter((l) => l !== 'en');

describe('English, the reference', () => {
  it('offers every namespace', () => {
    expect(resources.en).toBe(en);
    expect(NAMESPACES).toEqual(Object.keys(en));
  });

  it('has a text for every error code of the domain, the API and the spec', () => {
    const codes = [...Object.values(ERROR_CODES), ...Object.values(API_ERROR_CODES), 403004, 404010, 400020, 600002];
    const missing = codes.map(String).filter((code) => !(code in en.errors));
    expect(missing).toEqual([]);
  });

  it('has no error text for a code nobody sends (keys are numeric codes, plus unknown and network)', () => {
    const known = new Set([...Object.values(ERROR_CODES), ...Object.values(API_ERROR_CODES), ...Object.values(REGISTRATION_ERROR_CODES)].map(String));
    // 400070-400079: the code-table lookups' block (@auction/reference-data, which depends on this library).
    const codeTable = (key: string) => /^40007\d$/.test(key);
    const stray = Object.keys(en.errors).filter((key) => !known.has(key) && !codeTable(key) && key !== 'unknown' && key !== 'network');
    expect(stray).toEqual([]);
  });

  it('has no empty text', () => {
    for (const [path, text] of flatten(en)) expect(typeof text === 'string' && text.trim() !== '', path).toBe(true);
  });
});

describe.each(translated)('%s', (language) => {
  const extraForms: readonly string[] = EXTRA_PLURAL_FORMS[language];
  const sameAsEnglish = new Set([...SAME_AS_ENGLISH, ...(SAME_AS_ENGLISH_IN[language] ?? [])]);

  it('has every namespace, and no other', () => {
    expect(Object.keys(resources[language]).sort()).toEqual([...NAMESPACES].sort());
  });

  // The rules of these languages look at the last two digits (and at round millions, for a `many` that falls back
  // to `_other` acceptably, see EXTRA_PLURAL_FORMS), so the counts 0 to 9 999 show every form a real count needs.
  it('has every plural form i18next picks for a whole count (the others fall back to _other)', () => {
    const rules = new Intl.PluralRules(language);
    const picked = new Set(Array.from({ length: 10_000 }, (_, n) => rules.select(n)));
    const offered = new Set(['one', 'other', ...extraForms]);
    expect([...picked].filter((form) => !offered.has(form))).toEqual([]);
    for (const form of extraForms) expect(rules.resolvedOptions().pluralCategories, form).toContain(form);
  });

  describe.each(NAMESPACES)('%s', (ns) => {
    const english = flatten(en[ns]);
    const texts = flatten(resources[language][ns] ?? {});
    /** Every key the translation must have, with the English key whose text it translates (`x_few` → `x_other`). */
    const expected = expectedKeys(english, extraForms);

    it(extraForms.length ? `has exactly the English keys, plus the ${extraForms.join(' and ')} plural forms` : 'has exactly the English keys', () => {
      expect([...texts.keys()].sort()).toEqual([...expected.keys()].sort());
    });

    it('has no empty text', () => {
      for (const [path, text] of texts) expect(typeof text === 'string' && text.trim() !== '', path).toBe(true);
    });

    it('keeps the English placeholders', () => {
      for (const [path, source] of expected) expect(placeholders(String(texts.get(path))), path).toEqual(placeholders(String(english.get(source))));
    });

    it('is translated, not copied from English', () => {
      const copies = [...english]
        .filter(([path, text]) => texts.get(path) === text && !sameAsEnglish.has(`${ns}.${path}`))
        .filter(([, text]) => String(text).replace(/\{\{[^}]*\}\}/g, '').trim().length > SHORT)
        .map(([path]) => path);
      expect(copies).toEqual([]);
    });

    it('has only its own same-as-English texts listed that really are the same', () => {
      const stale = (SAME_AS_ENGLISH_IN[language] ?? []).filter((key) => key.startsWith(`${ns}.`) && texts.get(key.slice(ns.length + 1)) !== english.get(key.slice(ns.length + 1)));
      expect(stale).toEqual([]);
    });
  });
});

describe('the lists of texts allowed to equal English', () => {
  it('name only keys that exist', () => {
    const keys = new Set(NAMESPACES.flatMap((ns) => [...flatten(en[ns]).keys()].map((path) => `${ns}.${path}`)));
    const unknown = [...SAME_AS_ENGLISH, ...Object.values(SAME_AS_ENGLISH_IN).flat()].filter((key) => !keys.has(key));
    expect(unknown).toEqual([]);
  });
});
