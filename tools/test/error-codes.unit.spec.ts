/**
 * Every numeric error code means one thing: the web client translates `errors:<code>` and the spec's dialogs branch on
 * codes, so two tables giving one number two meanings (DEALER_NOT_FOUND once reused the domain's 404020, "auction not
 * found") would show a dealer the wrong message. The one deliberate alias is 600002 (a registration document), which
 * the registration rules name DOCUMENT_INVALID and the API answers as such.
 */
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '@auction/contracts';
import { ERROR_CODES, REGISTRATION_ERROR_CODES } from '@auction/domain';
import { CODE_TABLE_ERROR_CODES } from '@auction/reference-data';
import { en } from '../../libs/i18n/src/locales/en/index.js';

const TABLES: Record<string, Record<string, number>> = { ERROR_CODES, API_ERROR_CODES, REGISTRATION_ERROR_CODES, CODE_TABLE_ERROR_CODES };

describe('error codes', () => {
  it('no number has two names across the tables', () => {
    const names = new Map<number, string[]>();
    for (const [table, codes] of Object.entries(TABLES)) {
      for (const [name, code] of Object.entries(codes)) names.set(code, [...(names.get(code) ?? []), `${table}.${name}`]);
    }
    const clashes = [...names.entries()].filter(([, all]) => all.length > 1).map(([code, all]) => `${code}: ${all.join(', ')}`);
    expect(clashes).toEqual([]);
  });

  it('every code has an English text in the errors namespace', () => {
    const texts = en.errors as Record<string, string>;
    const missing = Object.values(TABLES).flatMap((codes) => Object.values(codes)).filter((code) => !texts[String(code)]);
    expect([...new Set(missing)].sort()).toEqual([]);
  });
});
