import { describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { CSV_TYPE } from '../../platform/http/uploads/content-types.js';
import { readVehicleSheet, SheetError, type SheetRow } from './vehicle-sheet-reader.js';

const HEADER = 'licensePlate;frame;brand;model;firstRegistration;mileageKm;fuel;gearbox;powerKw;damageTotal;channel;area;region';
const GOOD = 'AB123CD;WVWZZZ1JZXW000001;Fiat;Panda;2019-05-02;40000;PETROL;MANUAL;51;"1250,50";LEASING;Nord;Lombardia';

async function read(text: string, chunk = 7): Promise<SheetRow[]> {
  const bytes = Buffer.from(text);
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk));
  const rows: SheetRow[] = [];
  for await (const row of readVehicleSheet(Readable.from(chunks), CSV_TYPE, 100)) rows.push(row);
  return rows;
}

describe('vehicle CSV files: one delimiter, every row as wide as the header', () => {
  it('reads a semicolon file with its decimal comma quoted, columns in place', async () => {
    const [row] = await read(`${HEADER}\n${GOOD}\n`);
    expect(row).toMatchObject({ row: 2, cells: { damageTotal: '1250,50', channel: 'LEASING', area: 'Nord', region: 'Lombardia' } });
    expect(row!.cellCount).toBeUndefined();
  });

  it("reads a semicolon file's unquoted decimal comma as text, and marks a row with a cell too many", async () => {
    const rows = await read(`${HEADER}\n${GOOD.replace('"1250,50"', '1250,50')}\n${GOOD.replace('AB123CD', 'AB124CD')}\n`);
    expect(rows.map((r) => [r.row, r.cellCount])).toEqual([[2, undefined], [3, undefined]]);
    expect(rows[0]!.cells).toMatchObject({ damageTotal: '1250,50', region: 'Lombardia' });
    const shifted = await read(`${HEADER}\n${GOOD.replace('"1250,50"', '1250;50')}\n`);
    expect(shifted[0]!.cellCount).toEqual({ expected: 13, found: 14 });
  });

  it('keeps a comma file\'s delimiter: a semicolon inside a cell is text', async () => {
    const [row] = await read(`${HEADER.replaceAll(';', ',')}\n${GOOD.replaceAll(';', ',').replace('Panda', 'Panda;4x4')}\n`);
    expect(row).toMatchObject({ cells: { model: 'Panda;4x4', damageTotal: '1250,50', region: 'Lombardia' } });
    expect(row!.cellCount).toBeUndefined();
  });

  it('refuses a header that names a column twice (the last one would win silently)', async () => {
    const error = await read(`${HEADER};Frame\n${GOOD};X\n`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SheetError);
    expect(error).toMatchObject({ problem: 'duplicateColumn', missing: ['frame'] });
  });
});
