import { checkDocument, type DealerDocumentMediaType, type DocumentType } from '@auction/domain';

/** The media type a sniffed document is stored and served as (never the client's word). */
export const MEDIA_TYPE_OF: Readonly<Record<DocumentType, DealerDocumentMediaType>> = {
  pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png', eps: 'application/postscript',
};

/** A file part judged by `checkDocument` of the registration rules (content sniffed, size, name). */
export type JudgedDocument =
  | { readonly ok: true; readonly mediaType: DealerDocumentMediaType; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly reason: string };

/** Judges one upload as the registration's `kind` (`visura`: PDF only; `doc`, `doc2`: JPEG, PNG, PDF, EPS). */
export function judgeDocument(kind: string, file: { filename: string; bytes: Uint8Array }): JudgedDocument {
  const check = checkDocument(kind, { bytes: file.bytes, ...(file.filename ? { name: file.filename } : {}) });
  return check.ok ? { ok: true, mediaType: MEDIA_TYPE_OF[check.type], bytes: file.bytes } : { ok: false, reason: check.reason };
}
