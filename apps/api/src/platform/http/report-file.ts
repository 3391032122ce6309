import { crc32 } from 'node:zlib';

type Cell = string | number | boolean | null;

/** Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return, or their full-width forms). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * RFC 4180 CSV with a header row, UTF-8 with a byte-order mark so that spreadsheet programs read accented headers
 * (Händler, Véhicule) right. A text cell that starts like a formula (a brand `=HYPERLINK(...)`, a plate `+1+1`) gets a
 * leading apostrophe, so a spreadsheet shows it as text instead of running it (CSV injection); numbers are kept.
 * `separator` is `,` or, for readers whose spreadsheets use a decimal comma (Italy, France...), `;`.
 */
export function toCsv(header: readonly string[], rows: readonly Cell[][], separator: ',' | ';' = ','): string {
  return '\uFEFF' + [header, ...rows].map((r) => csvLine(r, separator)).join('');
}

/** One CSV line of {@link toCsv} (its cells quoted and guarded the same way), ending with CRLF. */
function csvLine(row: readonly Cell[], separator: ',' | ';'): string {
  const cell = (v: Cell) => {
    const s = v === null ? '' : typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : String(v);
    return /["\r\n]/.test(s) || s.includes(separator) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return row.map(cell).join(separator) + '\r\n';
}

/** {@link toCsv} written as its rows arrive, batch by batch: a big report is never held whole in memory. */
export async function* csvStream(header: readonly string[], batches: AsyncIterable<readonly Cell[][]>, separator: ',' | ';' = ','): AsyncGenerator<string> {
  yield '\uFEFF' + csvLine(header, separator);
  for await (const rows of batches) yield rows.map((r) => csvLine(r, separator)).join('');
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
const xml = (s: string) => s.replace(NOT_XML_CHAR, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function column(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const SHEET_START = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

/** Row `y` (0-based) of a sheet. */
function rowXml(r: readonly Cell[], y: number): string {
  const cells = r.map((v, x) => {
    const ref = `${column(x)}${y + 1}`;
    if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
    return `<c r="${ref}" t="inlineStr"><is><t>${xml(v === null ? '' : String(v))}</t></is></c>`;
  });
  return `<row r="${y + 1}">${cells.join('')}</row>`;
}

/**
 * A minimal Office Open XML workbook (one sheet, named `sheet`, zipped without compression) written as its rows arrive,
 * batch by batch (the sheet is the zip's last entry, its size and CRC in a data descriptor after it): a big report is
 * never held whole in memory. (Issue 22 item 9 replaces this writer with exceljs's streaming one.)
 */
export async function* xlsxStream(header: readonly string[], batches: AsyncIterable<readonly Cell[][]>, sheet = 'Offers'): AsyncGenerator<Buffer> {
  const zip = new ZipWriter();
  for (const [name, data] of workbookFiles(sheet)) yield zip.file(name, data);
  yield zip.begin('xl/worksheets/sheet1.xml');
  yield zip.data(Buffer.from(SHEET_START + rowXml(header, 0), 'utf8'));
  let y = 1;
  for await (const rows of batches) yield zip.data(Buffer.from(rows.map((r) => rowXml(r, y++)).join(''), 'utf8'));
  yield zip.data(Buffer.from(SHEET_END, 'utf8'));
  yield zip.end();
}

function workbookFiles(sheet: string): [string, Buffer][] {
  const ns = 'http://schemas.openxmlformats.org';
  const files: [string, string][] = [
    ['[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`],
    ['_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ['xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="${xml(sheet.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    ['xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`],
  ];
  return files.map(([name, text]) => [name, Buffer.from(text, 'utf8')]);
}

/** A zip archive of stored (uncompressed) entries, written entry by entry; the last one may be streamed (data descriptor). */
class ZipWriter {
  private readonly centrals: Buffer[] = [];
  private offset = 0;
  private count = 0;
  private open: { name: Buffer; start: number; crc: number; size: number; known: boolean } | null = null;

  /** A whole entry. */
  file(name: string, data: Buffer): Buffer {
    return Buffer.concat([this.begin(name, { crc: crc32(data), size: data.length }), this.data(data), this.close()]);
  }

  /** The local header of an entry; without `known` its CRC and size follow its data (a data descriptor). */
  begin(name: string, known?: { crc: number; size: number }): Buffer {
    const nameBuf = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(known ? 0x0800 : 0x0808, 6);
    if (known) { local.writeUInt32LE(known.crc, 14); local.writeUInt32LE(known.size, 18); local.writeUInt32LE(known.size, 22); }
    local.writeUInt16LE(nameBuf.length, 26);
    this.open = { name: nameBuf, start: this.offset, crc: 0, size: 0, known: known !== undefined };
    this.offset += 30 + nameBuf.length;
    return Buffer.concat([local, nameBuf]);
  }

  /** Data of the open entry. */
  data(chunk: Buffer): Buffer {
    const entry = this.open!;
    entry.crc = crc32(chunk, entry.crc);
    entry.size += chunk.length;
    this.offset += chunk.length;
    return chunk;
  }

  /** Ends the open entry (its data descriptor when its header had no CRC and size). */
  close(): Buffer {
    const entry = this.open!;
    this.open = null;
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(entry.known ? 0x0800 : 0x0808, 8);
    central.writeUInt32LE(entry.crc, 16); central.writeUInt32LE(entry.size, 20); central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(entry.name.length, 28); central.writeUInt32LE(entry.start, 42);
    this.centrals.push(central, entry.name);
    this.count += 1;
    if (entry.known) return Buffer.alloc(0);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0); descriptor.writeUInt32LE(entry.crc, 4); descriptor.writeUInt32LE(entry.size, 8); descriptor.writeUInt32LE(entry.size, 12);
    this.offset += 16;
    return descriptor;
  }

  /** Closes the open entry and writes the central directory. */
  end(): Buffer {
    const last = this.open ? this.close() : Buffer.alloc(0);
    const dir = Buffer.concat(this.centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(this.count, 8); end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(dir.length, 12); end.writeUInt32LE(this.offset, 16);
    return Buffer.concat([last, dir, end]);
  }
}
