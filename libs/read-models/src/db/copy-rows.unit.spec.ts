import { describe, expect, it } from 'vitest';
import { offersTable, vehicleRecordsTable } from '../tables/read-model-tables.js';
import type { OfferRow } from '../rows.js';
import { copyText } from './copy-rows.js';

const offer = (o: Partial<OfferRow> = {}): OfferRow => ({
  idOffer: 'o1', idLot: 'l1', idAuction: 'a1', idUser: 'u1', amount: 12.5, clickAndBuy: false, placedAt: '2026-11-27T00:00:00.000Z', position: 7, ...o,
});

describe('copyText (COPY text format, as json_to_recordset reads the JSON upsert)', () => {
  it('writes one tab-separated line per row, columns in the spec order, booleans and numbers as JSON writes them', () => {
    expect(copyText(offersTable, [offer(), offer({ idOffer: 'o2', clickAndBuy: true, amount: 1e21, position: 2 ** 53 - 1 })]))
      .toBe('o1\tl1\ta1\tu1\t12.5\tfalse\t2026-11-27T00:00:00.000Z\t7\no2\tl1\ta1\tu1\t1e+21\ttrue\t2026-11-27T00:00:00.000Z\t9007199254740991\n');
  });

  it('escapes backslashes, tabs, newlines and carriage returns; a literal \\N or \\. stays text', () => {
    const text = copyText(offersTable, [offer({ idOffer: 'a\\b\tc\nd\re\'"f', idUser: '\\N', idLot: '\\.' })]);
    expect(text).toBe('a\\\\b\\tc\\nd\\re\'"f\t\\\\.\ta1\t\\\\N\t12.5\tfalse\t2026-11-27T00:00:00.000Z\t7\n');
  });

  it('writes NULL for null, undefined and non-finite numbers (JSON.stringify writes null or leaves the key out)', () => {
    const line = copyText(offersTable, [offer({ placedAt: null, amount: Number.NaN, position: undefined as never })]);
    expect(line).toBe('o1\tl1\ta1\tu1\t\\N\tfalse\t\\N\t\\N\n');
    expect(copyText(offersTable, [offer({ amount: Number.POSITIVE_INFINITY })])).toContain('\tu1\t\\N\t');
  });

  it('writes JSON columns as their JSON text (escaped), JSON null as NULL', () => {
    const row = { idVehicle: 'v', appraisal: { notes: 'tab\there "q"' }, photos: ['p\\1'], documents: [] } as Record<string, unknown>;
    const text = copyText(vehicleRecordsTable, [row as never])!;
    const fields = text.slice(0, -1).split('\t');
    const at = (prop: string) => fields[vehicleRecordsTable.columns.findIndex((c) => c.prop === prop)];
    expect(at('appraisal')).toBe('{"notes":"tab\\\\there \\\\"q\\\\""}');
    expect(at('photos')).toBe('["p\\\\\\\\1"]');
    expect(at('documents')).toBe('[]');
    expect(copyText(vehicleRecordsTable, [{ ...row, appraisal: null } as never])!.split('\t')[vehicleRecordsTable.columns.findIndex((c) => c.prop === 'appraisal')]).toBe('\\N');
  });

  it('gives up (null: the JSON upsert stores them) on what COPY would store otherwise: NUL, lone surrogates, objects, bigints', () => {
    expect(copyText(offersTable, [offer({ idUser: 'a\u0000b' })])).toBeNull();
    expect(copyText(offersTable, [offer({ idUser: 'a\ud800b' })])).toBeNull();
    expect(copyText(offersTable, [offer({ idUser: 'a\udc00' })])).toBeNull();
    expect(copyText(offersTable, [offer({ idUser: { a: 1 } as never })])).toBeNull();
    expect(copyText(offersTable, [offer({ position: 1n as never })])).toBeNull();
    expect(copyText(offersTable, [offer({ idUser: 'ok 🚀 漢字 é' })])).toContain('ok 🚀 漢字 é');
  });
});
