/**
 * Attack review of #21 item 10: an XLSX report is a file a spreadsheet opens whatever text its cells hold. A lot whose
 * brand held U+FFFF (accepted by the auction's creation) made the whole offers report unreadable: exceljs refused it
 * with "disallowed character", as Excel does, since XML 1.0 forbids that character, U+FFFE, most C0 controls and
 * lone surrogates.
 */
import { describe, expect, test } from '@jest/globals';
import { xlsxStream } from './report-file.js';

/** Any character outside XML 1.0's `Char` production (tab, LF, CR, U+0020-U+D7FF, U+E000-U+FFFD, U+10000-U+10FFFF). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const HOSTILE = ['Fi\uFFFFat', '\uFFFE', 'a\u0001b\u000Bc', 'lone \uD800 high', 'lone \uDC00 low', '\u0000'];

/** The sheet's XML of a zip of stored entries: the bytes between its name's header and the central directory. */
const sheetOf = (zip: Buffer) => {
  const text = zip.toString('utf8');
  return text.slice(text.indexOf('<worksheet'), text.indexOf('</worksheet>') + '</worksheet>'.length);
};

async function streamed(header: string[], rows: string[][], sheet: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of xlsxStream(header, (async function* () { yield rows; })(), sheet)) parts.push(part);
  return Buffer.concat(parts);
}

describe('XLSX report file', () => {
  test('a cell or sheet name with characters XML forbids still gives well-formed XML, the rest of the text kept',
    async () => {
      const zip = await streamed(['Brand', ...HOSTILE], HOSTILE.map((h) => [h, 'Fiat 500 😀']), 'Offers \uFFFF');
      const sheet = sheetOf(zip);
      expect(sheet).toContain('<worksheet');
      expect(sheet.match(NOT_XML_CHAR)).toBeNull();
      expect(sheet).toContain('Fi\uFFFDat');
      expect(sheet).toContain('Fiat 500 😀');
      const workbook = zip.toString('utf8');
      expect(workbook.slice(workbook.indexOf('<workbook'), workbook.indexOf('</workbook>')).match(NOT_XML_CHAR)).toBeNull();
    },
  );
});
