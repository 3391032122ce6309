import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iso } from './event-data.js';
import { keyString, TableRows } from './row-set.js';

/** `iso` as it was before its shortcut for normalized instants: parse, print. */
const parsed = (value: unknown): string | null => {
  const ms = typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
};

describe('iso', () => {
  it('gives what parsing and printing gives, for any instant printed in any of the usual forms', () => {
    const instant = fc.integer({ min: -62_198_755_200_000, max: 253_402_300_799_999 });
    fc.assert(fc.property(instant, (ms) => {
      const text = new Date(ms).toISOString();
      for (const v of [text, text.replace('.000Z', 'Z'), text.replace('Z', '+00:00'), text.slice(0, 10), ms]) expect(iso(v)).toBe(parsed(v));
    }), { numRuns: 2000 });
  });

  it('gives what parsing gives for texts near the normalized form: days past 28, hour 24, leap days, junk', () => {
    const texts = [
      '2024-02-29T10:00:00.000Z', '2025-02-29T10:00:00.000Z', '2026-04-31T00:00:00.000Z', '2026-11-27T24:00:00.000Z',
      '2026-12-31T23:59:59.999Z', '2026-00-10T00:00:00.000Z', '2026-13-10T00:00:00.000Z', '2026-11-00T00:00:00.000Z',
      '2026-11-27T23:60:00.000Z', '2026-11-27T23:00:60.000Z', '0000-01-01T00:00:00.000Z', '2026-11-27T00:00:00.000z',
      ' 2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z ', '2026-11-27T00:00:00.0000Z', 'garbage', '',
    ];
    for (const t of texts) expect(iso(t)).toBe(parsed(t));
    fc.assert(fc.property(fc.string(), (s) => { expect(iso(s)).toBe(parsed(s)); }), { numRuns: 2000 });
    for (const v of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}, true]) expect(iso(v)).toBe(parsed(v));
  });
});

describe('keyString', () => {
  it('joins the primary key values, one or many, as the array join does', () => {
    const joined = (key: Record<string, unknown>, primary: string[]) => primary.map((p) => key[p]).join('\u0001');
    for (const key of [{ a: 'x' }, { a: '' }, { a: undefined }, { a: null }, { a: 7 }, { a: 'x', b: 'y' }, {}]) {
      for (const primary of [['a'], ['a', 'b']]) expect(keyString(key as never, primary)).toBe(joined(key, primary));
    }
  });
});

describe('keyString of a key of several parts', () => {
  it('never gives two keys the same string, even when a part holds the separator', () => {
    const primary = ['idLot', 'idUser'];
    const keys = [
      { idLot: 'a\u0001b', idUser: 'c' }, { idLot: 'a', idUser: 'b\u0001c' }, { idLot: 'a\u0002', idUser: 'b' },
      { idLot: 'a', idUser: '\u0002b' }, { idLot: 'a\u0002\u0001', idUser: 'b' }, { idLot: 'a', idUser: '\u0002\u0001b' },
      { idLot: 'a', idUser: 'b' }, { idLot: '', idUser: 'a\u0001b' }, { idLot: 'a\u0001', idUser: 'b' },
    ];
    expect(new Set(keys.map((k) => keyString(k, primary))).size).toBe(keys.length);
  });

  it('keeps such rows apart in a working set: two rows to write, as the table holds two', () => {
    const rows = new TableRows<{ idLot: string; idUser: string; n: number }>(['idLot', 'idUser']);
    rows.update({ idLot: 'a\u0001b', idUser: 'c' }, () => ({ idLot: 'a\u0001b', idUser: 'c', n: 1 }));
    rows.update({ idLot: 'a', idUser: 'b\u0001c' }, () => ({ idLot: 'a', idUser: 'b\u0001c', n: 2 }));
    expect(rows.changes().upserts.map((r) => r.n).sort()).toEqual([1, 2]);
  });
});
