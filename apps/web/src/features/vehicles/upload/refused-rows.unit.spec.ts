import { describe, expect, it } from 'vitest';
import { resources } from '@auction/i18n';
import { ApiError } from '../../../api/http.js';
import { refusedRowsOf, type Translate } from './refused-rows.js';

/** The Italian texts, looked up as the screen does (`ns:key`, null when there is none). */
function italian(): Translate {
  const it = resources.it as unknown as Record<string, Record<string, unknown>>;
  return (key) => {
    const [ns, path] = key.split(':') as [string, string];
    const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], it[ns]);
    return typeof value === 'string' ? value : null;
  };
}

const refusal = (rows: unknown[]) => new ApiError(422, 422240, 'rows refused', [], { errorCode: 422240, errorMsg: 'rows refused', rows });

describe('the refused rows of a vehicle file', () => {
  it('lists every refused field in the API\'s order, the column and the reason in the user\'s language', () => {
    const lines = refusedRowsOf(refusal([
      { row: 7, field: 'frame', reason: 'frame must be 17 characters', errorCode: 422201 },
      { row: 3, field: 'mileageKm', reason: 'mileage must be a whole number', errorCode: 422204 },
      { row: 3, field: 'fuel', reason: 'unknown fuel', errorCode: 422207 },
      { row: 12, field: 'licensePlate', reason: 'the plate is twice in the file', errorCode: 422244 },
    ]), italian())!;
    const it = resources.it.errors as Record<string, string>;
    expect(lines.map((l) => [l.row, l.field, l.reason])).toEqual([
      [7, 'Telaio (VIN)', it['422201']],
      [3, 'Chilometraggio (km)', it['422204']],
      [3, 'Alimentazione', it['422207']],
      [12, 'Targa', it['422244']],
    ]);
    expect(new Set(lines.map((l) => l.key)).size).toBe(4);
  });

  it('keeps the API\'s words when a code or a column has no text, and a CSV row of the wrong length as such', () => {
    const lines = refusedRowsOf(refusal([
      { row: 4, field: 'row', reason: 'the row has 17 cells, the header 18', errorCode: 422240 },
      { row: 5, field: 'tyres', reason: 'something new', errorCode: 499999 },
    ]), italian())!;
    expect(lines.map((l) => [l.row, l.field, l.reason])).toEqual([
      [4, 'Riga (numero di celle)', (resources.it.errors as Record<string, string>)['422240']],
      [5, 'tyres', 'something new'],
    ]);
  });

  it('a refused header (422242) lists each column and its rule as row 1', () => {
    const error = new ApiError(422, 422242, 'missing columns', [{ field: 'frame', rule: 'missing' }, { field: 'brand', rule: 'duplicate' }]);
    expect(refusedRowsOf(error, italian())!.map((l) => [l.row, l.field, l.reason])).toEqual([
      [1, 'Telaio (VIN)', resources.it.vehicleUpload.rules.missing],
      [1, 'Marca', resources.it.vehicleUpload.rules.duplicate],
    ]);
  });

  it('is no list for any other error, nor for a body that is not the contract\'s', () => {
    expect(refusedRowsOf(new ApiError(415, 415200, 'not xlsx'), italian())).toBeNull();
    expect(refusedRowsOf(new ApiError(422, 422240, 'x', [], { rows: 'nope' }), italian())).toBeNull();
    expect(refusedRowsOf(new Error('x'), italian())).toBeNull();
  });
});
