/**
 * The report files, written by exceljs's streaming workbook writer (XLSX) and csv-stringify (CSV), issue 22 item 9.
 * Attack review of #21 item 10: an XLSX report is a file a spreadsheet opens whatever text its cells hold. A lot whose
 * brand held U+FFFF (accepted by the auction's creation) made the whole offers report unreadable: exceljs refused it
 * with "disallowed character", as Excel does, since XML 1.0 forbids that character, U+FFFE, most C0 controls and
 * lone surrogates. The files are read back here with exceljs, as a spreadsheet would.
 */
import { describe, expect, test } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { xlsxWorkbook } from '../../testing/xlsx.test-support.js';
import { csvStream, toCsv, xlsxStream } from './report-file.js';

/** Any character outside XML 1.0's `Char` production (tab, LF, CR, U+0020-U+D7FF, U+E000-U+FFFD, U+10000-U+10FFFF). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const HOSTILE = ['Fi\uFFFFat', '\uFFFE', 'a\u0001b\u000Bc', 'lone \uD800 high', 'lone \uDC00 low', '\u0000'];

type Cell = string | number | boolean | null;
const batchesOf = (rows: Cell[][]) => (async function* () { yield rows; })();

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

/** The workbook as a spreadsheet reads it (exceljs refuses XML that is not well-formed). */
async function read(file: Buffer): Promise<ExcelJS.Worksheet> {
  return (await xlsxWorkbook(file)).worksheets[0]!;
}

describe('XLSX report file', () => {
  test('a cell or sheet name with characters XML forbids still gives a readable workbook, the rest of the text kept', async () => {
    const file = await bytesOf(xlsxStream(['Brand', ...HOSTILE], batchesOf(HOSTILE.map((h) => [h, 'Fiat 500 😀'])), 'Offers \uFFFF'));
    expect(file.subarray(0, 2).toString()).toBe('PK');
    const sheet = await read(file);
    expect(sheet.name).toBe('Offers \uFFFD');
    const texts = sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row : [])).filter((v): v is string => typeof v === 'string');
    expect(texts.filter((t) => NOT_XML_CHAR.test(t))).toEqual([]);
    expect(texts).toContain('Fi\uFFFDat');
    expect(texts).toContain('Fiat 500 😀');
    expect(sheet.rowCount).toBe(HOSTILE.length + 1);
  });

  test('numbers stay numbers; a text that looks like a formula is a text cell, never a formula', async () => {
    const file = await bytesOf(xlsxStream(['Lot', 'Brand', 'Amount'], batchesOf([[1, '=HYPERLINK("http://x","y")', 10500.5], [2, '+1+1', null]]), 'Offers'));
    const sheet = await read(file);
    expect(sheet.getRow(2).getCell(1).value).toBe(1);
    expect(sheet.getRow(2).getCell(3).value).toBe(10500.5);
    const formulaLike = [sheet.getRow(2).getCell(2), sheet.getRow(3).getCell(2)];
    expect(formulaLike.map((c) => [c.type, c.value])).toEqual([[ExcelJS.ValueType.String, '=HYPERLINK("http://x","y")'], [ExcelJS.ValueType.String, '+1+1']]);
  });

  test('streams: a reader that does not read holds the writer back (bounded memory); reading gets every row', async () => {
    let pulled = 0;
    const total = 300;
    const batches = (async function* () {
      for (let b = 0; b < total; b++) {
        pulled += 1;
        // Text that does not compress, so that what is held back is what the rows weigh.
        yield Array.from({ length: 50 }, (_, i) => [b * 50 + i, `Brand ${randomBytes(45).toString('base64')}`, 1000 + i] as Cell[]);
      }
    })();
    const stream = xlsxStream(['Lot', 'Brand', 'Amount'], batches, 'Offers');
    // Wait until the writer stops (the compressor may lag on a busy machine): it stops at what the pipeline's buffers
    // hold, not at the last row.
    // The writer starts once exceljs is loaded (on the first report): first wait for its first batch.
    for (let i = 0; i < 100 && pulled === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pulled).toBeGreaterThan(0);
    let held = -1;
    for (let i = 0; i < 20 && held !== pulled; i++) {
      held = pulled;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect({ stopped: pulled === held, early: held < total / 3 }).toEqual({ stopped: true, early: true });
    const sheet = await read(await bytesOf(stream));
    expect(pulled).toBe(total);
    expect(sheet.rowCount).toBe(total * 50 + 1);
    expect(sheet.getRow(total * 50 + 1).getCell(1).value).toBe(total * 50 - 1);
  });

  test('a failing source ends the file with its error', async () => {
    const batches = (async function* () {
      yield [[1, 'ok', 1]] as Cell[][];
      throw new Error('read failed');
    })();
    await expect(bytesOf(xlsxStream(['Lot', 'Brand', 'Amount'], batches))).rejects.toThrow('read failed');
  });
});

describe('CSV report file', () => {
  test('RFC 4180 with a byte-order mark and CRLF; formula-like text behind an apostrophe, numbers kept', () => {
    const csv = toCsv(['Lot', 'Brand', 'Amount'], [[1, '=HYPERLINK("x")', 10500.5], [2, 'a;b "c"\nd', null], [3, '-5', true]], ';');
    expect(csv).toBe('\uFEFFLot;Brand;Amount\r\n1;"\'=HYPERLINK(""x"")";10500.5\r\n2;"a;b ""c""\nd";\r\n3;\'-5;true\r\n');
  });

  test('streamed batch by batch, the same text as whole', async () => {
    const rows: Cell[][] = [[1, '@SUM(A1)', 1], [2, 'Fiat, 500', 2]];
    let text = '';
    for await (const part of csvStream(['Lot', 'Brand', 'Amount'], (async function* () { yield rows.slice(0, 1); yield []; yield rows.slice(1); })())) text += part;
    expect(text).toBe(toCsv(['Lot', 'Brand', 'Amount'], rows));
    expect(text).toContain('"Fiat, 500"');
    expect(text).toContain("'@SUM(A1)");
  });
});
