import { z } from 'zod';
import { DEALER_DOCUMENT_MEDIA_TYPES, MARKETS } from '@auction/domain';

/**
 * Wire shapes of dealer registration, stored files and dealer look-ups (`POST /open/sign-up`, `POST /secure/file`,
 * `GET /admin/file/{idFile}`, `GET /open/dealer-info`, `GET /secure/reference-dealer`). The registration payload
 * itself (`dealerFullDTO`) is `dealerRegistrationSchema` of `@auction/domain`, the one schema the form uses too.
 */

/** An id named in a query or a path (dealer ids are UUIDs, file ids 32 URL-safe characters; demo dealers `D-1001`). */
const RefId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an id');

/** One uploaded file part, as the OpenAPI description shows it (the bytes; the media type is sniffed, never trusted). */
const FilePart = z.string().meta({ format: 'binary', description: 'a file part' });

/**
 * The form parts of `POST /api/v1/open/sign-up` (multipart/form-data): `dealerFullDTO` (JSON text, or a file part of
 * JSON), the files `visura`, `doc`, `doc2`. Any other part is refused.
 */
export const SignUpMultipartBody = z.object({
  dealerFullDTO: z.string().meta({ description: 'the registration (JSON text): the fields of dealerRegistrationSchema; idMarket = the first two letters of the locale' }),
  visura: FilePart.optional().meta({ description: 'chamber-of-commerce extract, PDF only; required for IT and DE' }),
  doc: FilePart.meta({ description: 'legal document: JPEG, PNG, PDF or EPS; required' }),
  doc2: FilePart.optional().meta({ description: 'second legal document (not for DE): JPEG, PNG, PDF or EPS' }),
});

/** Answer of a registration: the new dealer's id (it waits, disabled, for an administrator). */
export const SignUpAnswer = z.object({ idDealer: z.string() });
export type SignUpAnswer = z.infer<typeof SignUpAnswer>;

/** The form part of `POST /api/v1/secure/file`. */
export const FileUploadMultipartBody = z.object({ file: FilePart });

/** A stored upload: its id (random, unguessable), the sniffed media type and the size in bytes. */
export const StoredFileView = z.object({ idFile: z.string(), mediaType: z.enum(DEALER_DOCUMENT_MEDIA_TYPES), size: z.number().int() });
export type StoredFileView = z.infer<typeof StoredFileView>;

/** Path parameter of `GET /api/v1/admin/file/{idFile}`. */
export const FileIdParam = z.object({ idFile: RefId });

/**
 * Query of `GET /api/v1/admin/file/{idFile}`: `disposition=inline` opens a PDF or an image in the browser (other types
 * are always attachments); `name` is the file's name without extension (the screen names it by its type, e.g.
 * "Visura camerale - Autosalone Rossi"), printable text only, at most 120 characters.
 */
export const FileDownloadQuery = z.object({
  disposition: z.enum(['inline', 'attachment']).optional(),
  name: z.string().trim().min(1).max(120).regex(/^[^\u0000-\u001f\u007f-\u009f]+$/, 'must be printable text').optional(),
});
export type FileDownloadQuery = z.infer<typeof FileDownloadQuery>;

/** Query of `GET /api/v1/open/dealer-info`. */
export const DealerInfoQuery = z.object({ dealerId: RefId });

/** Spec 01 §3 "Dealer info": what the invitation sign-up page shows of the inviting dealer. */
export const DealerInfo = z.object({ idDealer: z.string(), businessName: z.string().nullable(), idMarket: z.enum(MARKETS) });
export type DealerInfo = z.infer<typeof DealerInfo>;

/** Query of `GET /api/v1/secure/reference-dealer`. */
export const ReferenceDealerQuery = z.object({ idDealer: RefId });

/**
 * A dealer's internal reference (legal representative). The fiscal code and birth date only for administrators,
 * customer-centre staff and the reference person themselves (null for the dealer's other users).
 */
export const ReferenceDealer = z.object({
  idDealer: z.string(),
  idReferenceUser: z.string().nullable(),
  referenceName: z.string().nullable(),
  referenceSurname: z.string().nullable(),
  referenceEmail: z.string().nullable(),
  referenceFiscalCode: z.string().nullable(),
  referenceBirthDate: z.string().nullable(),
  referenceFCA: z.string().nullable(),
});
export type ReferenceDealer = z.infer<typeof ReferenceDealer>;
