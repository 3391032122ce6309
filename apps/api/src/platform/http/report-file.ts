import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { loadExcelJs } from './exceljs-loader.js';

type Cell = string | number | boolean | null;

/** Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return, or their full-width forms). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell a spreadsheet shows as text: one that starts like a formula gets a leading apostrophe (CSV injection). */
export const spreadsheetText = (v: string): string => (FORMULA_START.test(v) ? `'${v}` : v);

/** A cell as CSV text: empty for null, a formula-like text behind an apostrophe, anything else as written. */
const csvCell = (v: Cell): string => (v === null ? '' : typeof v === 'string' ? spreadsheetText(v) : String(v));

/** CSV lines (csv-stringify: RFC 4180 quoting, CRLF) of some rows, each cell through {@link csvCell}. */
function csvLines(rows: readonly (readonly Cell[])[], separator: ',' | ';'): string {
  return stringify(rows.map((r) => r.map(csvCell)), { delimiter: separator, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/**
 * RFC 4180 CSV with a header row, UTF-8 with a byte-order mark so that spreadsheet programs read accented headers
 * (Händler, Véhicule) right. A text cell that starts like a formula (a brand `=HYPERLINK(...)`, a plate `+1+1`) gets a
 * leading apostrophe, so a spreadsheet shows it as text instead of running it (CSV injection); numbers are kept.
 * `separator` is `,` or, for readers whose spreadsheets use a decimal comma (Italy, France...), `;`.
 */
export function toCsv(header: readonly string[], rows: readonly Cell[][], separator: ',' | ';' = ','): string {
  return '\uFEFF' + csvLines([header, ...rows], separator);
}

/** {@link toCsv} written as its rows arrive, batch by batch: a big report is never held whole in memory. */
export async function* csvStream(header: readonly string[], batches: AsyncIterable<readonly Cell[][]>, separator: ',' | ';' = ','): AsyncGenerator<string> {
  yield '\uFEFF' + csvLines([header], separator);
  for await (const rows of batches) if (rows.length > 0) yield csvLines(rows, separator);
}

/**
 * A `Content-Disposition: attachment` naming the file `name` (a person's title, e.g. an auction's name): an ASCII
 * `filename` for old clients (other characters as `_`) and the exact name as RFC 5987 `filename*`. Characters a file
 * system refuses (`/ \ : * ? " < > |`, controls) become spaces.
 */
export function attachmentDisposition(name: string, inline = false): string {
  const clean = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 150) || 'file';
  const ascii = clean.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Characters XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF, lone surrogates): a brand or a name holding one made the
 * whole workbook unreadable (Excel and exceljs refuse it), so each becomes U+FFFD, the rest of the text kept.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xmlText = (s: string) => s.replace(NOT_XML_CHAR, '\uFFFD');
/** A cell for the sheet: text cleaned of what XML forbids; numbers and booleans as they are. */
const xlsxCell = (v: Cell) => (typeof v === 'string' ? xmlText(v) : v);
/** A sheet name Excel accepts: none of `\ / ? * [ ] :`, at most 31 characters, not empty. */
const sheetName = (sheet: string) => xmlText(sheet).replace(/[\\/?*[\]:]/g, ' ').slice(0, 31).trim() || 'Sheet';

/** Resolves once `stream` can take more, or is closed (a reader that went away). */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => { stream.off('drain', done); stream.off('close', done); resolve(); };
    stream.on('drain', done).on('close', done);
  });
}

/** What waits in a stream's buffers, bytes (a `readable-stream` v2 stream, as archiver's, has no `writableLength`). */
type Buffered = { _writableState?: { length?: number }; _readableState?: { length?: number } };
const bufferedIn = (stream: Buffered): number => (stream._writableState?.length ?? 0) + (stream._readableState?.length ?? 0);

/**
 * The stream between a streamed worksheet and the zip (exceljs's `StreamBuf` of the sheet pipes into archiver's
 * PassThrough, writing it without looking at its answer), or undefined when exceljs no longer exposes it (then only the
 * output's backpressure paces the rows).
 */
function sheetSink(worksheet: unknown): Buffered | undefined {
  const pipes = (worksheet as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const sink = Array.isArray(pipes) ? (pipes[0] as Buffered | undefined) : undefined;
  return sink && typeof sink === 'object' && '_writableState' in sink ? sink : undefined;
}

/** Most bytes of sheet XML left waiting for the compressor before the next batch of rows is read. */
const SHEET_BACKLOG_BYTES = 1 << 20;

/**
 * An Office Open XML workbook of one sheet named `sheet`, written by exceljs's streaming workbook writer as its rows
 * arrive, batch by batch: each batch is committed to the zip, and the next one is read only once the reader has taken
 * what was written (backpressure), so a big report is never held whole in memory. Text cells are plain strings (never
 * formulas); a failure of `batches` ends the stream with that error.
 */
export function xlsxStream(header: readonly string[], batches: AsyncIterable<readonly Cell[][]>, sheet = 'Offers'): Readable {
  const out = new PassThrough();
  const write = async () => {
    // Loaded on the first report, not at the start: exceljs is ~0.25 s of CPU and its modules' memory for every process.
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const worksheet = workbook.addWorksheet(sheetName(sheet));
    worksheet.addRow(header.map(xmlText)).commit();
    for await (const rows of batches) {
      for (const row of rows) worksheet.addRow(row.map(xlsxCell)).commit();
      // exceljs hands its rows to the zip without backpressure: let them flow through the compressor to `out`, and
      // read the next batch only once the reader has taken what filled `out`.
      await new Promise((resolve) => setImmediate(resolve));
      // exceljs hands the sheet's XML to the zip through a PassThrough it writes without looking at its answer: when the
      // compressor lags, that PassThrough fills (a million-row sheet held 900 MB). Wait until the zip has taken it.
      const sink = sheetSink(worksheet);
      while (sink && bufferedIn(sink) > SHEET_BACKLOG_BYTES && !out.destroyed) await new Promise((resolve) => setTimeout(resolve, 2));
      if (out.writableNeedDrain) await drained(out);
      if (out.destroyed) return; // the reader went away: nothing more is read
    }
    worksheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
