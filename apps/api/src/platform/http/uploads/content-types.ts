import type { ContentJudge } from '@auction/blob-store';

/** Media types of the vehicle uploads, named by content only: the client's file name and Content-Type are never read. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv';
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The picture type of a file's first bytes (JPEG, PNG or WebP), else null. */
export function sniffPhoto(head: Uint8Array): PhotoType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/**
 * True for a PDF: `%PDF-` first, after at most a byte-order mark and blanks. Readers accept it anywhere in the first
 * 1,024 bytes, but then an HTML page holding `%PDF-` in a comment passed as a PDF and was served as one.
 */
function isPdf(head: Uint8Array): boolean {
  const text = Buffer.from(head.subarray(0, 1024)).toString('latin1');
  return /^(\xEF\xBB\xBF)?[\t\n\r ]*%PDF-/.test(text);
}

/**
 * True for text a CSV may hold: UTF-8 (a multi-byte sequence cut at the end of the head is fine), no NUL and no other
 * control character but tab, CR and LF, and not markup (`<` first: an HTML page renamed .csv).
 */
function isCsvText(head: Uint8Array): boolean {
  const text = Buffer.from(head).toString('utf8').replace(/\uFFFD{1,3}$/, '');
  if (text.includes('\uFFFD')) return false;
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) return false;
  return !/^\uFEFF?\s*</.test(text);
}

/** A vehicle file: an XLSX (a ZIP container: exceljs then reads its sheet) or CSV text. */
export const judgeVehicleSheet: ContentJudge = (head) => {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return XLSX_TYPE;
  if (head.length > 0 && isCsvText(head)) return CSV_TYPE;
  return { refused: 'not an XLSX or CSV file' };
};

/** A photo: JPEG, PNG or WebP by content. */
/** A PDF only (an auction's regulation document), by the same rule as a vehicle document's. */
export const judgePdf: ContentJudge = (head) => (isPdf(head) ? 'application/pdf' : { refused: 'not a PDF' });

export const judgePhoto: ContentJudge = (head) => sniffPhoto(head) ?? { refused: 'not a JPEG, PNG or WebP picture' };

/** A vehicle document (appraisal, data sheet, recognition document, other): a PDF, or a scan as JPEG or PNG. */
export const judgeDocument: ContentJudge = (head) => {
  if (isPdf(head)) return 'application/pdf';
  const photo = sniffPhoto(head);
  return photo === 'image/jpeg' || photo === 'image/png' ? photo : { refused: 'not a PDF, JPEG or PNG document' };
};
