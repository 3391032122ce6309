/**
 * exceljs is loaded on the first sheet read or report (exceljs-loader.ts), not at the start: a broken install no longer
 * stops the start, so its failure reaches the requests. An XLSX upload then failed as `unreadable` (a 422 telling the
 * loader their file is broken, with the server's path in its message, and nothing logged): it must be the server's
 * error. exceljs is made unloadable here, as a missing package would be.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { Readable } from 'node:stream';
import { VEHICLE_UPLOAD_REQUIRED_COLUMNS } from '@auction/contracts';

jest.unstable_mockModule('exceljs', () => { throw new Error("Cannot find package 'exceljs' imported from /srv/app/dist/x.js"); });
const { readVehicleSheet, SheetError } = await import('./vehicle-sheet-reader.js');
const { ExcelJsUnavailable } = await import('../../platform/http/exceljs-loader.js');
const { xlsxStream } = await import('../../platform/http/report-file.js');
const { XLSX_TYPE } = await import('../../platform/http/uploads/content-types.js');

async function drain(rows: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of rows) void _;
}

describe('exceljs cannot be loaded', () => {
  it('an XLSX upload fails with the server error, not as an unreadable file', async () => {
    const failure = await drain(readVehicleSheet(Readable.from([Buffer.from('PK\u0003\u0004')]), XLSX_TYPE, 10)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ExcelJsUnavailable);
    expect(failure).not.toBeInstanceOf(SheetError);
  });

  it('a CSV upload is still read', async () => {
    const rows: unknown[] = [];
    const header = VEHICLE_UPLOAD_REQUIRED_COLUMNS.join(',');
    for await (const { row } of readVehicleSheet(Readable.from([`${header}\n${VEHICLE_UPLOAD_REQUIRED_COLUMNS.map(() => 'x').join(',')}\n`]), 'text/csv', 10)) rows.push(row);
    expect(rows).toEqual([2]);
  });

  it('an XLSX report ends with that error (no crash)', async () => {
    const stream = xlsxStream(['Lot'], (async function* () { yield [[1]]; })());
    await expect(drain(stream)).rejects.toBeInstanceOf(ExcelJsUnavailable);
  });
});
