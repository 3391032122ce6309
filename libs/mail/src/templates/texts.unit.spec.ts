import { LANGUAGES, TRANSLATED_LANGUAGES } from '@auction/i18n';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en.js';
import { escapeHtml, fillText, placeholdersOf } from './text.js';
import { MAIL_TEXTS, localeOf, mailTextsFor } from './texts.js';

/** Every text of a language by its dotted key. */
function flatten(texts: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value as object, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

describe('mail texts', () => {
  const reference = flatten(en);

  it('uses, in every language, exactly the placeholders of the English text, key by key', () => {
    for (const language of TRANSLATED_LANGUAGES) {
      const texts = flatten(MAIL_TEXTS[language]);
      expect([...texts.keys()], language).toEqual([...reference.keys()]);
      for (const [key, text] of texts) {
        expect(placeholdersOf(text), `${language} ${key}`).toEqual(placeholdersOf(reference.get(key)!));
        expect(text.trim(), `${language} ${key}`).not.toBe('');
      }
    }
  });

  it('translates every text: no language but English repeats an English sentence', () => {
    for (const language of TRANSLATED_LANGUAGES.filter((l) => l !== 'en')) {
      const texts = flatten(MAIL_TEXTS[language]);
      const same = [...texts].filter(([key, text]) => text === reference.get(key) && text.length > 12);
      expect(same, language).toEqual([]);
    }
  });

  it('reads be as nl and lu as fr (resourceLanguageOf), the others as themselves', () => {
    expect(mailTextsFor('be')).toBe(MAIL_TEXTS.nl);
    expect(mailTextsFor('lu')).toBe(MAIL_TEXTS.fr);
    for (const language of TRANSLATED_LANGUAGES) expect(mailTextsFor(language)).toBe(MAIL_TEXTS[language]);
    expect(LANGUAGES.map(localeOf)).toEqual(['en', 'it', 'de', 'fr', 'es', 'nl', 'pl', 'pt', 'nl-BE', 'fr-LU']);
  });

  it('escapes the five HTML-significant characters and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a> é`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt; é');
  });

  it('fills placeholders and refuses a missing value', () => {
    expect(fillText('Hi {{a}}, {{b}}!', { a: 'x', b: 'y' })).toBe('Hi x, y!');
    expect(() => fillText('Hi {{a}}', {})).toThrow(expect.objectContaining({ errorCode: 422701 }));
  });
});
