import { DOCUMENT_EXTENSIONS, documentRules, isAcceptedDocumentName, sniffDocumentType, type RegistrationDocumentKind } from '@auction/domain';

/** The first bytes read to tell a file's type (the signatures are within them). */
const HEAD_BYTES = 1024;

/**
 * The client-side check of a chosen document, with the domain's rules (content sniffed from the first bytes, name,
 * size): a quick answer before uploading. The server checks again and is authoritative (600002).
 */
export async function isAcceptableDocument(kind: RegistrationDocumentKind, file: File): Promise<boolean> {
  if (file.size === 0 || file.size > documentRules[kind].maxBytes || !isAcceptedDocumentName(kind, file.name)) return false;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const type = sniffDocumentType(head);
  return type !== null && documentRules[kind].accepted.includes(type);
}

/** The `accept` attribute of an upload's file picker (the extensions of the types it takes). */
export function acceptAttribute(kind: RegistrationDocumentKind): string {
  return documentRules[kind].accepted.flatMap((type) => DOCUMENT_EXTENSIONS[type]).join(',');
}
