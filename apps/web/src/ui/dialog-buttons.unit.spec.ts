import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_LANGUAGES, resources } from '@auction/i18n';

/**
 * No dialog shows two buttons with the same label, in any language ("Annulla | Annulla" in the Italian revert
 * dialog). The dialogs are found in the sources: every `dialogs.confirm(…)` call (its confirm key beside
 * `common:dialog.cancel`) and every `dialog-actions` block of a dialog component (the `t('…')` keys in it).
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The buttons' label keys (`ns:key`) of every dialog found in the sources, by where it was found. */
function dialogButtonKeys(): { where: string; keys: string[] }[] {
  const out: { where: string; keys: string[] }[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const where = path.relative(SRC, file);
    // dialogs.confirm(messageKey, values?, confirmKey?, titleKey?): arguments split at top-level commas.
    for (const match of text.matchAll(/dialogs\.confirm\(/g)) {
      const args: string[] = [];
      let depth = 0;
      let current = '';
      for (let i = match.index + match[0].length; i < text.length; i++) {
        const c = text[i]!;
        if (depth === 0 && c === ')') break;
        if ('({['.includes(c)) depth++;
        if (')}]'.includes(c)) depth--;
        if (depth === 0 && c === ',') { args.push(current.trim()); current = ''; } else current += c;
      }
      args.push(current.trim());
      const confirmKey = /^'([^']+)'$/.exec(args[2] ?? '')?.[1] ?? 'common:dialog.confirm';
      out.push({ where: `${where} confirm(${args[0]})`, keys: ['common:dialog.cancel', confirmKey] });
    }
    const ns = /useTranslation\('([^']+)'\)/.exec(text)?.[1] ?? 'common';
    for (const block of text.matchAll(/className="dialog-actions">([\s\S]*?)<\/div>/g)) {
      const keys = [...block[1]!.matchAll(/\bt\('([^']+)'/g)].map((m) => (m[1]!.includes(':') ? m[1]! : `${ns}:${m[1]}`));
      if (keys.length > 1) out.push({ where, keys });
    }
  }
  return out;
}

function text(language: string, nsKey: string): string {
  const [ns = '', key = ''] = nsKey.split(':');
  let node: unknown = (resources as unknown as Record<string, Record<string, unknown>>)[language]?.[ns];
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== 'string') throw new Error(`${language} has no text ${nsKey}`);
  return node;
}

describe('dialog buttons', () => {
  const dialogs = dialogButtonKeys();

  it('finds the dialogs (confirmations and dialog components)', () => {
    expect(dialogs.some((d) => d.where.includes('AuctionDetails') && d.keys.includes('auctioneer:lot.revert'))).toBe(true);
    expect(dialogs.some((d) => d.where.includes('AwardDialog'))).toBe(true);
    expect(dialogs.length).toBeGreaterThan(10);
  });

  it.each(TRANSLATED_LANGUAGES)('no dialog has two buttons with the same label in %s', (language) => {
    const clashes = dialogs.flatMap(({ where, keys }) => {
      const labels = keys.map((k) => text(language, k).trim().toLocaleLowerCase(language));
      return new Set(labels).size === labels.length ? [] : [`${where}: ${keys.map((k) => text(language, k)).join(' | ')}`];
    });
    expect(clashes).toEqual([]);
  });
});
