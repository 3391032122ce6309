import { API_ERROR_CODES } from '@auction/contracts';
import { ERROR_CODES } from '@auction/domain';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_LANGUAGES } from './languages.js';
import { en } from './locales/en/index.js';
import { NAMESPACES, resources } from './resources.js';

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

/** Texts that are rightly the same in every language: the brand and the language names, written in their own language. */
const SAME_AS_ENGLISH = new Set(['common.appName', ...['en', 'it', 'de', 'fr', 'es', 'nl', 'pl', 'pt', 'be', 'lu'].map((l) => `common.language.${l}`)]);
/** Texts this short may coincide with English (`OK`, `Live`, `Error`); longer ones that do are untranslated copies. */
const SHORT = 5;

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
    const known = new Set([...Object.values(ERROR_CODES), ...Object.values(API_ERROR_CODES), 600002].map(String));
    const stray = Object.keys(en.errors).filter((key) => !known.has(key) && key !== 'unknown' && key !== 'network');
    expect(stray).toEqual([]);
  });

  it('has no empty text', () => {
    for (const [path, text] of flatten(en)) expect(typeof text === 'string' && text.trim() !== '', path).toBe(true);
  });
});

describe.each(translated)('%s', (language) => {
  const namespaces = Object.keys(resources[language]) as (keyof typeof en)[];

  it('has the shared namespaces translated', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'errors']));
    for (const ns of namespaces) expect(NAMESPACES).toContain(ns);
  });

  describe.each(namespaces)('%s', (ns) => {
    const english = flatten(en[ns]);
    const texts = flatten(resources[language][ns] ?? {});

    it('has exactly the English keys', () => {
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it('has no empty text', () => {
      for (const [path, text] of texts) expect(typeof text === 'string' && text.trim() !== '', path).toBe(true);
    });

    it('keeps the English placeholders', () => {
      for (const [path, text] of english) expect(placeholders(String(texts.get(path))), path).toEqual(placeholders(String(text)));
    });

    it('is translated, not copied from English', () => {
      const copies = [...english]
        .filter(([path, text]) => texts.get(path) === text && !SAME_AS_ENGLISH.has(`${ns}.${path}`))
        .filter(([, text]) => String(text).replace(/\{\{[^}]*\}\}/g, '').trim().length > SHORT)
        .map(([path]) => path);
      expect(copies).toEqual([]);
    });
  });
});
