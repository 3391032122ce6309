import {
  DealerInfo, FileUploadMultipartBody, ReferenceDealer, SignUpAnswer, SignUpMultipartBody, StoredFileView,
} from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';
import { MAX_CONCURRENT_MULTIPART_READS, MAX_CONCURRENT_MULTIPART_READS_PER_ADDRESS, MAX_MULTIPART_PARTS, MAX_PART_HEADER_BYTES } from './multipart.js';
import { DEFAULT_SIGN_UP_LIMITS, MAX_DTO_BYTES, MAX_SIGN_UP_BYTES } from './registration.service.js';
import { MAX_UPLOAD_BYTES, UPLOAD_LIMITS } from './uploads.service.js';

const MIB = 1024 * 1024;

/** The OpenAPI entries of the registration calls (joined in `identity.routes.ts`). */
export const REGISTRATION_ROUTE_DOCS: RouteDoc[] = [
  ['post', '/api/v1/open/sign-up', 'Dealer registration (spec 01 §2, §3, §5). multipart/form-data: `dealerFullDTO` (JSON text or a JSON file part, at most '
    + `${MAX_DTO_BYTES / 1024} KiB) and the files \`visura\` (PDF only; required for IT and DE), \`doc\` (required) and \`doc2\` (optional, not for DE), `
    + 'JPEG, PNG, PDF or EPS judged by their content (magic bytes), at most 10 MiB each and ' + `${(MAX_SIGN_UP_BYTES / MIB).toFixed(2)} MiB in all. `
    + 'dealerFullDTO is checked with the registration form\'s own schema (dealerRegistrationSchema, the per-country table, IT fiscal code and VAT checksum); '
    + 'its visura/doc/doc2 are replaced by the names of the files actually sent. idMarket is the first two letters of the locale (the mails\' language). '
    + 'Refusals: a field rule 422101 with details [{field, rule: message key}]; a document missing, too large, of a refused type or name 600002 (HTTP 422); '
    + 'a part other than these four, a part twice or a malformed body 400001; dealerFullDTO not JSON 400002; a JSON body 415001 (the user sign-up after an '
    + 'invitation is POST /api/v1/open/user-sign-up); the username (reference e-mail lower-cased, or the dealer e-mail where the reference e-mail is hidden: DE) '
    + `taken is NOT refused: the answer is that of a new registration (201, an idDealer that names nothing), nothing is stored, and the account's owner is told by mail (the form must not tell which e-mails have an account); more than ${DEFAULT_SIGN_UP_LIMITS.perAddress} sign-up calls from one address in ${DEFAULT_SIGN_UP_LIMITS.windowMs / 60_000} minutes (refused or not), `
    + `more than ${MAX_CONCURRENT_MULTIPART_READS} bodies being read at once by this instance or ${MAX_CONCURRENT_MULTIPART_READS_PER_ADDRESS} from one address: 429001 with Retry-After. `
    + `At most ${MAX_MULTIPART_PARTS} parts and ${MAX_PART_HEADER_BYTES / 1024} KiB of headers per part (else 400001). A body must arrive within 120 s. Nothing is stored after a refusal. On success the documents are stored, the reference user is created (roles USER, BUYER; disabled; `
    + 'no password yet; consents from checkConsents1..3), the dealer waits PENDING and disabled for an administrator, and a confirmation mail goes to the dealer e-mail.',
  'anyone', SignUpMultipartBody, SignUpAnswer, 'multipart/form-data'],
  ['get', '/api/v1/open/dealer-info', 'A dealer\'s card for the invitation sign-up page: idDealer, businessName, idMarket (query dealerId; unknown: 404040). '
    + 'Public by the spec: it reveals a business name for an id, and dealer ids are random UUIDs (not enumerable).', 'anyone', undefined, DealerInfo],
  ['get', '/api/v1/secure/reference-dealer', 'The dealer\'s internal reference (legal representative), query idDealer: for the dealer\'s own users and '
    + 'ADMIN / CUSTOMER_CENTER, else 403002; unknown dealer 404040. The fiscal code and birth date only for ADMIN, CUSTOMER_CENTER and the reference person '
    + '(null for the others).', 'the dealer\'s users, ADMIN, CUSTOMER_CENTER', undefined, ReferenceDealer],
  ['post', '/api/v1/secure/file', 'Upload a file for the caller: multipart/form-data with one part `file`, JPEG, PNG, PDF or EPS by content, at most 10 MiB '
    + `(body at most ${(MAX_UPLOAD_BYTES / MIB).toFixed(2)} MiB: else 413001). A missing, empty or refused file 600002 (HTTP 422); another part 400001; `
    + `not multipart 415001; more than ${UPLOAD_LIMITS.perUser} uploads by one user in ${UPLOAD_LIMITS.windowMs / 60_000} minutes, or too many bodies read at once, 429001 with Retry-After. `
    + 'An Idempotency-Key is bound to the call, not to the bytes of the file (the body is read after the key is checked): a repeat with the same key answers the first upload. Only its owner or an administrator may reference it later; it is never served but to ADMIN / CUSTOMER_CENTER.',
  'logged in', FileUploadMultipartBody, StoredFileView, 'multipart/form-data'],
  ['get', '/api/v1/admin/file/{idFile}', 'A stored file (registration document or upload): Content-Type the sniffed type, '
    + 'Content-Disposition attachment (query disposition=inline: a PDF or image shown in place; EPS stays an attachment) named by the query\'s name '
    + '(printable text, at most 120 characters; else the file id) with the extension of its type, X-Content-Type-Options nosniff, a sandboxing '
    + 'Content-Security-Policy (not on an inline PDF: Chrome\'s viewer refuses sandboxed documents). Unknown: 404030; a bad query 400001.', 'ADMIN, CUSTOMER_CENTER', undefined, 'file'],
];
