import { REGISTRATION_ERROR_CODES } from './registration-error-codes.js';
import { hasUnsafeCharacter } from '../../shared/unsafe-text.js';

/** The file types a registration document may have, named by content. */
export const DOCUMENT_TYPES = ['pdf', 'jpeg', 'png', 'eps'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The three uploads of the registration form: chamber-of-commerce extract, legal document, second legal document. */
export const REGISTRATION_DOCUMENT_KINDS = ['visura', 'doc', 'doc2'] as const;
export type RegistrationDocumentKind = (typeof REGISTRATION_DOCUMENT_KINDS)[number];

/**
 * Largest accepted document: 10 MiB per file. Our choice (the spec gives none): a scanned extract or identity
 * document is well under it, and the API must bound what it buffers and stores.
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** File name endings of each type (lower case), for the form's file picker and the name check. */
export const DOCUMENT_EXTENSIONS: Readonly<Record<DocumentType, readonly string[]>> = {
  pdf: ['.pdf'], jpeg: ['.jpg', '.jpeg'], png: ['.png'], eps: ['.eps'],
};

/**
 * What each upload accepts (spec 01 §5): the visura PDF only, the legal documents JPEG, PNG, PDF or EPS; at most
 * {@link MAX_DOCUMENT_BYTES}. A refusal is error {@link REGISTRATION_ERROR_CODES.DOCUMENT_INVALID} (600002).
 */
export const documentRules: Readonly<Record<RegistrationDocumentKind, { readonly accepted: readonly DocumentType[]; readonly maxBytes: number }>> = {
  visura: { accepted: ['pdf'], maxBytes: MAX_DOCUMENT_BYTES },
  doc: { accepted: ['jpeg', 'png', 'pdf', 'eps'], maxBytes: MAX_DOCUMENT_BYTES },
  doc2: { accepted: ['jpeg', 'png', 'pdf', 'eps'], maxBytes: MAX_DOCUMENT_BYTES },
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const DOS_EPS = [0xc5, 0xd0, 0xd3, 0xc6];
const PDF = ascii('%PDF-');
const POSTSCRIPT = ascii('%!PS-Adobe');
const EPSF = ascii('EPSF');

/**
 * The type of a file by its first bytes, never by its name (a renamed file is refused): PDF `%PDF-`, JPEG `FF D8 FF`,
 * PNG's 8-byte signature, EPS as `%!PS-Adobe` with `EPSF` on its first line or the DOS EPS binary header
 * `C5 D0 D3 C6`. Plain PostScript and anything else is `null`. Pure and browser-safe, so the form can refuse a file
 * before uploading it.
 */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  if (!(bytes instanceof Uint8Array)) return null;
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, DOS_EPS)) return 'eps';
  if (startsWith(bytes, POSTSCRIPT)) {
    let end = POSTSCRIPT.length;
    while (end < bytes.length && end < 256 && bytes[end] !== 0x0a && bytes[end] !== 0x0d) end++;
    return indexOf(bytes.subarray(POSTSCRIPT.length, end), EPSF) >= 0 ? 'eps' : null;
  }
  return null;
}

/** True for `visura`, `doc` and `doc2` only: an own key of {@link documentRules}, never one of its prototype. */
export function isRegistrationDocumentKind(kind: unknown): kind is RegistrationDocumentKind {
  return typeof kind === 'string' && Object.hasOwn(documentRules, kind);
}

/** Longest accepted file name, in characters (the usual file-system limit; the schema's `visura`/`doc`/`doc2` too). */
export const MAX_DOCUMENT_NAME_LENGTH = 255;

/**
 * True when a client's file name is harmless to show and log: 1 to {@link MAX_DOCUMENT_NAME_LENGTH} characters,
 * no path separator (`/`, `\`) and so no `..` segment, no control, bidirectional-control or lone-surrogate character
 * (`a.html\0.pdf`, a right-to-left override that disguises the extension). Even a safe name is only a label: stored
 * files are named by the server, never by the client's name (README.md).
 */
export function isSafeDocumentName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0) return false;
  // A code point is at most two UTF-16 units: the first test bounds the work before counting characters.
  if (name.length > 2 * MAX_DOCUMENT_NAME_LENGTH || [...name].length > MAX_DOCUMENT_NAME_LENGTH) return false;
  if (/[/\\]/.test(name) || name.trim() === '..' || hasUnsafeCharacter(name)) return false;
  return true;
}

/**
 * True when `name` is a safe file name ({@link isSafeDocumentName}) ending with an extension of a type `kind`
 * accepts (case-insensitive). An unknown `kind` or a non-string name is `false`, never an exception: both come
 * from the client.
 */
export function isAcceptedDocumentName(kind: string, name: unknown): boolean {
  if (!isRegistrationDocumentKind(kind) || !isSafeDocumentName(name)) return false;
  const lower = name.trim().toLowerCase();
  return documentRules[kind].accepted.some((type) => DOCUMENT_EXTENSIONS[type].some((ext) => lower.endsWith(ext) && lower.length > ext.length));
}

/** Why {@link checkDocument} refused a file (`unknownKind`: not an upload of the registration form). */
export type DocumentRefusal = 'unknownKind' | 'missing' | 'tooLarge' | 'wrongType' | 'wrongName';

/** Outcome of {@link checkDocument}. A refusal is answered with `errorCode` 600002. */
export type DocumentCheck =
  | { readonly ok: true; readonly type: DocumentType }
  | { readonly ok: false; readonly reason: DocumentRefusal; readonly errorCode: typeof REGISTRATION_ERROR_CODES.DOCUMENT_INVALID };

/**
 * The server's check of one uploaded document: of a known kind, present and not empty, at most the size limit, of
 * an accepted type by content ({@link sniffDocumentType}) and, when a file name is given, a safe name with an accepted
 * extension ({@link isAcceptedDocumentName}). Never throws: `kind` is typically a multipart field name.
 */
export function checkDocument(kind: string, file: { readonly name?: string; readonly bytes: Uint8Array } | null | undefined): DocumentCheck {
  const refuse = (reason: DocumentRefusal): DocumentCheck => ({ ok: false, reason, errorCode: REGISTRATION_ERROR_CODES.DOCUMENT_INVALID });
  if (!isRegistrationDocumentKind(kind)) return refuse('unknownKind');
  if (!file || typeof file !== 'object' || !(file.bytes instanceof Uint8Array) || file.bytes.length === 0) return refuse('missing');
  if (file.bytes.length > documentRules[kind].maxBytes) return refuse('tooLarge');
  const type = sniffDocumentType(file.bytes);
  if (!type || !documentRules[kind].accepted.includes(type)) return refuse('wrongType');
  if (file.name !== undefined && !isAcceptedDocumentName(kind, file.name)) return refuse('wrongName');
  return { ok: true, type };
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function indexOf(bytes: Uint8Array, needle: readonly number[]): number {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
