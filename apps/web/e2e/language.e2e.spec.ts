/**
 * A language switch changes the whole page: every English phrase of the page is gone (unless the language writes it
 * the same way), no raw i18n key shows, `<html lang>` follows, and money is written the language's way.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resources } from '@auction/i18n';
import { auctionBody, screenshot, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'language';
const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

/** A best offer of 5100 as each language writes it (libs/i18n/src/format.ts). */
const BEST_5100: Record<string, string> = {
  en: `5'100,00${NBSP}€`, it: `5'100,00${NBSP}€`, de: `5'100,00${NBSP}€`, pl: `5.100,00${NBSP}€`, fr: `5${NARROW_NBSP}100,00${NBSP}€`,
};

type Tree = { [key: string]: string | Tree };

/** Every text of a namespace tree, by dotted key. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

/** English texts without placeholders → the `ns:key`s that say them. */
function englishPhrases(): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const [ns, tree] of Object.entries(resources.en as unknown as Record<string, Tree>)) {
    for (const [key, text] of leaves(tree)) {
      if (text.includes('{{') || text.trim().length < 3) continue;
      map.set(text.trim(), [...(map.get(text.trim()) ?? []), `${ns}:${key}`]);
    }
  }
  return map;
}

/** A text with placeholders as a pattern: `Ends {{date}}` → /^Ends .+$/ (none when the fixed words are too short). */
function templatePattern(text: string): RegExp | null {
  const parts = text.trim().split(/\{\{[^}]+\}\}/);
  if (parts.join('').replace(/[^\p{L}]/gu, '').length < 4) return null;
  return new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`, 'u');
}

/** English texts with placeholders, as patterns, with their `ns:key`. */
function englishTemplates(): { key: string; text: string; pattern: RegExp }[] {
  const out: { key: string; text: string; pattern: RegExp }[] = [];
  for (const [ns, tree] of Object.entries(resources.en as unknown as Record<string, Tree>)) {
    for (const [key, text] of leaves(tree)) {
      const pattern = text.includes('{{') ? templatePattern(text) : null;
      if (pattern) out.push({ key: `${ns}:${key}`, text, pattern });
    }
  }
  return out;
}

/** The translation of `ns:key` in `language` (undefined when that namespace or key is missing). */
function translated(language: string, nsKey: string): string | undefined {
  const [ns = '', key = ''] = nsKey.split(':');
  let node: unknown = (resources as unknown as Record<string, Record<string, unknown>>)[language]?.[ns];
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The visible texts of the header and `main` (or of `selector`): text runs of rendered elements, plus labels, placeholders and titles. */
async function visibleTexts(page: Page, selector = 'header, main'): Promise<string[]> {
  return page.evaluate((rootsSelector) => {
    const out: string[] = [];
    const roots = Array.from(document.querySelectorAll(rootsSelector));
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        const parent = node.parentElement;
        if (!text || !parent || parent.closest('option')) continue;
        // Visually hidden texts count too: screen readers say them.
        if (parent.getClientRects().length === 0 && !parent.closest('.visually-hidden')) continue;
        out.push(text);
      }
      for (const el of Array.from(root.querySelectorAll('[aria-label], [placeholder], [title]'))) {
        for (const attr of ['aria-label', 'placeholder', 'title']) {
          const value = el.getAttribute(attr)?.trim();
          if (value) out.push(value);
        }
      }
    }
    return out;
  }, selector);
}

/** Texts that look like i18n keys: `ns:a.b` or `a.b` made of identifiers. */
function rawKeys(texts: readonly string[]): string[] {
  const namespaces = Object.keys(resources.en).join('|');
  const nsKey = new RegExp(`\\b(?:${namespaces}):[A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)*`);
  const dotted = /^[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+$/;
  return texts.filter((t) => nsKey.test(t) || dotted.test(t));
}

/**
 * The English of `shownPhrases` and `shownTemplates` still in `texts` after a switch to `language`. A phrase may stay
 * when this language writes it the same way (a brand, "OK"); a text a pattern matches is left-over English unless it
 * is itself a phrase this language writes the same way ("Dealer {{idDealer}}" matches the brand "Dealer Auctions").
 */
function leftOverEnglish(
  texts: readonly string[], language: string, phrases: Map<string, string[]>, shownPhrases: readonly string[],
  shownTemplates: readonly { key: string; text: string; pattern: RegExp }[],
): string[] {
  const sameHere = (p: string) => (phrases.get(p) ?? []).some((key) => translated(language, key) === p);
  const leftOver = shownPhrases.filter((p) => texts.includes(p) && !sameHere(p));
  const leftOverTemplates = shownTemplates
    .filter((tpl) => translated(language, tpl.key) !== tpl.text)
    .flatMap((tpl) => texts.filter((t) => tpl.pattern.test(t) && !sameHere(t)));
  return [...new Set([...leftOver, ...leftOverTemplates])];
}

async function switchTo(page: Page, language: string): Promise<void> {
  await page.getByTestId('language-switch').selectOption(language);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
  await page.waitForTimeout(300);
}

describe('language switch', () => {
  it('switching from English to German and Italian changes the whole live auction page', async () => {
    const api = await e2e.api('auctioneer');
    const clock = await api.serverClock();
    const now = clock.now();
    const created = await api.createAuction(auctionBody(`E2E language ${new Date(now).toISOString()}`, now - 1_000, now + 600_000));
    const idAuction = created.idAuction;
    const idLot = created.lots[0]!.idLot;
    const path = `/live-auction/${idAuction}`;
    for (const [dealer, amount] of [['dealer1', 5000], ['dealer2', 5100]] as const) {
      await (await e2e.api(dealer)).expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: amount, clickAndBuy: false });
    }

    const { page } = await e2e.user('dealer1', path);
    await expect.poll(() => page.getByTestId(`best-${idLot}`).getAttribute('data-value')).toBe('5100');
    await page.getByTestId(`countdown-${idLot}`).and(page.locator('[data-synced="true"]')).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.getByTestId(`best-${idLot}`).textContent()).toBe(BEST_5100.en);
    await screenshot(page, TEST, 'en');

    const phrases = englishPhrases();
    const english = await visibleTexts(page);
    expect(rawKeys(english), 'raw i18n keys on the English page').toEqual([]);
    const shownPhrases = [...new Set(english.filter((t) => phrases.has(t)))];
    const templates = englishTemplates();
    const shownTemplates = templates.filter((tpl) => english.some((t) => tpl.pattern.test(t)));
    console.log(`[e2e] English phrases on the page (${shownPhrases.length}): ${shownPhrases.join(' | ')}; ` +
      `with values (${shownTemplates.length}): ${shownTemplates.map((tpl) => tpl.text).join(' | ')}`);
    expect(shownPhrases.length).toBeGreaterThanOrEqual(10);

    for (const language of ['de', 'it']) {
      await switchTo(page, language);
      await screenshot(page, TEST, language);
      const texts = await visibleTexts(page);
      expect(leftOverEnglish(texts, language, phrases, shownPhrases, shownTemplates), `English left on the page after switching to ${language}`).toEqual([]);
      expect(rawKeys(texts), `raw i18n keys after switching to ${language}`).toEqual([]);
      expect(await page.getByTestId(`best-${idLot}`).textContent()).toBe(BEST_5100[language]);
      expect(await page.getByTestId('language-switch').inputValue()).toBe(language);
    }

    // Money follows the language: a dot in Polish, a narrow no-break space in French.
    for (const language of ['pl', 'fr']) {
      await switchTo(page, language);
      expect(await page.getByTestId(`best-${idLot}`).textContent()).toBe(BEST_5100[language]);
      expect(rawKeys(await visibleTexts(page)), `raw i18n keys after switching to ${language}`).toEqual([]);
      await screenshot(page, TEST, language);
    }

    // The choice is remembered: a reload opens in the last language.
    await switchTo(page, 'de');
    await page.reload();
    await page.getByTestId(`best-${idLot}`).waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.getByTestId('language-switch').inputValue()).toBe('de');
    expect(await page.getByTestId(`best-${idLot}`).textContent()).toBe(BEST_5100.de);
  });

  it('the public home in each of the ten languages: no English left, no raw key, the right <html lang>', async () => {
    const phrases = englishPhrases();
    const templates = englishTemplates();
    // The portal's whole page: header, main, footer and the cookie banner.
    const PORTAL = '#portal';
    const { context, page } = await e2e.anonymous();
    const open = async (market: string, language: string) => {
      await context.addCookies([{ name: 'portal-language', value: language, url: e2e.product.baseUrl }]);
      await page.goto(`/${market}`);
      // `<html lang>` names the text shown: be reads Dutch, lu French (`be` would be Belarusian).
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language === 'be' ? 'nl' : language === 'lu' ? 'fr' : language);
      return visibleTexts(page, PORTAL);
    };
    // The English home (a market whose only language is English), then the others: each market's own language, and
    // Belgium's and Luxembourg's (be: Dutch texts, lu: French texts).
    const english = await open('en', 'en');
    expect(rawKeys(english), 'raw i18n keys on the English home').toEqual([]);
    const shownPhrases = [...new Set(english.filter((t) => phrases.has(t)))];
    const shownTemplates = templates.filter((tpl) => english.some((t) => tpl.pattern.test(t)));
    expect(shownPhrases.length).toBeGreaterThanOrEqual(20);
    for (const [market, language] of [['it', 'it'], ['de', 'de'], ['fr', 'fr'], ['es', 'es'], ['nl', 'nl'], ['pl', 'pl'], ['pt', 'pt'], ['be', 'be'], ['lu', 'lu']] as const) {
      const texts = await open(market, language);
      // be and lu read Dutch and French texts: a phrase is judged against the language that writes it.
      const written = language === 'be' ? 'nl' : language === 'lu' ? 'fr' : language;
      expect(leftOverEnglish(texts, written, phrases, shownPhrases, shownTemplates), `English left on /${market} in ${language}`).toEqual([]);
      expect(rawKeys(texts), `raw i18n keys on /${market} in ${language}`).toEqual([]);
    }
  });
});
