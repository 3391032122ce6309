import { parse as parseCsv } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { VEHICLE_UPLOAD_COLUMNS, VEHICLE_UPLOAD_REQUIRED_COLUMNS, type VehicleUploadColumn } from '@auction/contracts';
import { ExcelJsUnavailable, loadExcelJs } from '../../platform/http/exceljs-loader.js';
import { XLSX_TYPE } from '../../platform/http/uploads/content-types.js';

/** One vehicle row of a file: its number as the spreadsheet shows it (header = 1) and its cells as text by column. */
export interface SheetRow {
  readonly row: number;
  readonly cells: Record<VehicleUploadColumn, string>;
  /** A CSV row whose number of cells is not the header's (a stray delimiter, a decimal comma): the row is refused. */
  readonly cellCount?: { readonly expected: number; readonly found: number };
}

/** Why a file cannot be read as a vehicle file. */
export class SheetError extends Error {
  /** `missing`: the required columns the header lacks; `duplicateColumn`: those it names twice. */
  constructor(readonly problem: 'unreadable' | 'noHeader' | 'duplicateColumn' | 'tooManyRows', message: string, readonly missing: readonly string[] = []) {
    super(message);
    this.name = 'SheetError';
  }
}

/** Longest CSV record, in bytes: a vehicle row is a few hundred. */
const MAX_CSV_RECORD_BYTES = 64 * 1024;

/** A header cell's column: case, spaces, dashes and underscores do not matter (`License plate` is `licensePlate`). */
const COLUMN_BY_KEY = new Map<string, VehicleUploadColumn>(VEHICLE_UPLOAD_COLUMNS.map((c) => [headerKey(c), c]));
/** A header cell as compared with column names: case, spaces, dashes, dots and underscores do not matter. */
export function headerKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s_\-.]/g, '');
}

/** Columns holding a day: an XLSX may give it as a serial number when the cell has no date format (never a CSV's text). */
const DATE_COLUMNS = new Set<VehicleUploadColumn>(['firstRegistration', 'appraisedOn']);
/** Excel's day 0 (1899-12-30, its 1900 leap-year bug included), in epoch ms. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A day cell as `YYYY-MM-DD`: a serial day number (1 to 2958465, up to 9999-12-31) converted, any other text as is. */
function dayOf(text: string): string {
  if (!/^\d{1,7}$/.test(text.trim()) || Number(text) < 1 || Number(text) > 2_958_465) return text;
  return new Date(EXCEL_EPOCH_MS + Number(text) * 86_400_000).toISOString().slice(0, 10);
}

/** A spreadsheet cell as text: dates as `YYYY-MM-DD`, numbers as written, rich text and formulas by their text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (typeof v.text === 'string') return v.text;
  }
  return '';
}

/**
 * Reads the rows of a vehicle file from a stream (an XLSX with exceljs's streaming reader, its first worksheet; a CSV
 * with csv-parse, the one delimiter its header line uses, `,` or `;`), one at a time: the header first (the columns by
 * name, in any order; unknown columns are ignored, a missing required one or one named twice refused), then each
 * non-empty row; a CSV row with another number of cells than the header carries {@link SheetRow.cellCount}. Past `maxRows` vehicle rows
 * it stops ({@link SheetError} `tooManyRows`); a broken file is `unreadable`.
 */
export async function* readVehicleSheet(stream: Readable, mediaType: string, maxRows: number): AsyncGenerator<SheetRow> {
  let columns: (VehicleUploadColumn | null)[] | null = null;
  let count = 0;
  let width = 0;
  const xlsx = mediaType === XLSX_TYPE;
  const source = readSheetRecords(stream, mediaType);
  try {
    for await (const { row, values } of source) {
      if (!columns) {
        columns = values.map((v) => COLUMN_BY_KEY.get(headerKey(v)) ?? null);
        const missing = VEHICLE_UPLOAD_REQUIRED_COLUMNS.filter((c) => !columns!.includes(c));
        if (missing.length > 0) throw new SheetError('noHeader', `the header lacks the columns ${missing.join(', ')}`, missing);
        const twice = [...new Set(columns.filter((c, i) => c !== null && columns!.indexOf(c) !== i))] as string[];
        if (twice.length > 0) throw new SheetError('duplicateColumn', `the header names the columns ${twice.join(', ')} more than once`, twice);
        width = values.length;
        continue;
      }
      if (values.every((v) => v.trim() === '')) continue;
      if (++count > maxRows) throw new SheetError('tooManyRows', `a vehicle file has at most ${maxRows} rows`);
      const cells = Object.fromEntries(VEHICLE_UPLOAD_COLUMNS.map((c) => [c, ''])) as Record<VehicleUploadColumn, string>;
      columns.forEach((column, i) => { if (column) cells[column] = xlsx && DATE_COLUMNS.has(column) ? dayOf(values[i] ?? '') : values[i] ?? ''; });
      // An XLSX row leaves out its empty trailing cells: only a CSV row's count tells a shifted row.
      yield !xlsx && values.length !== width ? { row, cells, cellCount: { expected: width, found: values.length } } : { row, cells };
    }
  } catch (error) {
    // A library that cannot be loaded is the server's fault (a 500, logged), not a broken file.
    if (error instanceof SheetError || error instanceof ExcelJsUnavailable) throw error;
    throw new SheetError('unreadable', `the file cannot be read: ${error instanceof Error ? error.message.slice(0, 200) : 'broken'}`);
  } finally {
    stream.destroy();
  }
  if (!columns) throw new SheetError('noHeader', 'the file has no header row', [...VEHICLE_UPLOAD_REQUIRED_COLUMNS]);
}

/** The delimiter of a CSV header line: `;` when it has more of them than `,` (outside quotes), else `,`. */
export function csvDelimiterOf(headerLine: string): ',' | ';' {
  const unquoted = headerLine.replace(/"[^"]*"/g, '');
  return (unquoted.match(/;/g)?.length ?? 0) > (unquoted.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** The stream's first bytes up to the end of its first line (or the longest record), and the stream as a whole. */
async function firstLineOf(stream: Readable): Promise<{ line: string; whole: AsyncIterable<Buffer> }> {
  const iterator = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  while (size < MAX_CSV_RECORD_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.from(next.value);
    head.push(chunk);
    size += chunk.length;
    if (chunk.includes(0x0a) || chunk.includes(0x0d)) break;
  }
  const text = Buffer.concat(head).toString('utf8');
  async function* whole(): AsyncGenerator<Buffer> {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield Buffer.from(next.value);
  }
  return { line: text.split(/\r?\n|\r/)[0] ?? '', whole: whole() };
}

/**
 * The records of a spreadsheet stream as text cells, one at a time, the header included (row 1): an XLSX's first
 * worksheet with exceljs's streaming reader, a CSV with csv-parse (the one delimiter its header line uses, `,` or `;`).
 * Errors are the libraries' own: the caller turns them into its refusal.
 */
export function readSheetRecords(stream: Readable, mediaType: string): AsyncGenerator<{ row: number; values: string[] }> {
  return mediaType === XLSX_TYPE ? xlsxRows(stream) : csvRows(stream);
}

async function* csvRows(stream: Readable): AsyncGenerator<{ row: number; values: string[] }> {
  const { line, whole } = await firstLineOf(stream);
  const parser = parseCsv({
    bom: true, delimiter: csvDelimiterOf(line), relax_column_count: true, skip_empty_lines: true, max_record_size: MAX_CSV_RECORD_BYTES,
  });
  Readable.from(whole, { objectMode: false }).once('error', (error) => parser.destroy(error)).pipe(parser);
  let row = 0;
  for await (const record of parser as AsyncIterable<string[]>) yield { row: ++row, values: record };
}

async function* xlsxRows(stream: Readable): AsyncGenerator<{ row: number; values: string[] }> {
  // Loaded on the first sheet read, not at the start (as report-file.ts).
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore',
  });
  for await (const worksheet of workbook) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const raw = Array.isArray(row.values) ? row.values.slice(1) : [];
      yield { row: row.number, values: Array.from(raw, cellText) };
    }
    return; // the first worksheet only
  }
}
