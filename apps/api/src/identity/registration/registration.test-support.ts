/**
 * Helpers of the registration HTTP tests: a registration payload with unique e-mails per test, its files, and the
 * multipart call (`fetch` with `FormData`, as a browser sends it), plus raw bodies for the hostile cases.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RegistrationCountry } from '@auction/domain';
import pg from 'pg';
import { SAMPLE_DOCUMENTS, validDealerRegistration } from '../../../../../libs/domain/src/identity/registration/registration.test-support.js';
import { sleep, type ApiClient, type ServerStorage } from '../../testing/server.test-support.js';

export { SAMPLE_DOCUMENTS };

/** A file part: bytes and the client's file name. */
export interface Part { readonly bytes: Uint8Array; readonly name: string }

/** A registration payload for `country` whose dealer and reference e-mails are unique to `tag`. */
export function registrationFor(country: RegistrationCountry, tag = randomBytes(5).toString('hex')): Record<string, unknown> & { email: string } {
  const dto = validDealerRegistration(country) as Record<string, unknown>;
  const email = `h1-dealer-${tag}@example.com`;
  dto.email = email;
  dto.confEmail = email;
  if (dto.referenceEmail !== undefined) dto.referenceEmail = `h1-ref-${tag}@example.com`;
  return dto as Record<string, unknown> & { email: string };
}

/** The files a valid registration of `country` sends: the visura for IT and DE, the legal document, a second one for IT. */
export function filesFor(country: RegistrationCountry): Record<string, Part> {
  const files: Record<string, Part> = { doc: { bytes: SAMPLE_DOCUMENTS.pdf, name: 'identity-card.pdf' } };
  if (country === 'IT' || country === 'DE') files.visura = { bytes: SAMPLE_DOCUMENTS.pdf, name: 'visura-camerale.pdf' };
  if (country === 'IT') files.doc2 = { bytes: SAMPLE_DOCUMENTS.png, name: 'identity-card-back.png' };
  return files;
}

/** `POST /api/v1/open/sign-up` as the web form sends it; `extra` adds parts (text, or files). */
export async function signUp(
  baseUrl: string, dto: unknown, files: Record<string, Part | undefined>, extra: [string, string | Part][] = [],
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('dealerFullDTO', typeof dto === 'string' ? dto : JSON.stringify(dto));
  for (const [name, part] of Object.entries(files)) if (part) form.append(name, new Blob([part.bytes as Uint8Array<ArrayBuffer>]), part.name);
  for (const [name, part] of extra) {
    if (typeof part === 'string') form.append(name, part);
    else form.append(name, new Blob([part.bytes as Uint8Array<ArrayBuffer>]), part.name);
  }
  const res = await fetch(`${baseUrl}/api/v1/open/sign-up`, { method: 'POST', body: form, signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body };
}

/** A raw request body sent as is, with its own content type (truncated or broken multipart). */
export async function rawPost(url: string, body: Uint8Array | string, contentType: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { method: 'POST', body: body as BodyInit, headers: { 'content-type': contentType, ...headers }, signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  let parsed: unknown = text;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body: parsed };
}

/** A stored event of the log, as the admin events API lists it. */
export interface LoggedEvent { streamId: string; type: string; position: number; data: any }

/**
 * Every event of the log of `types` (admin events API, paged). On PostgreSQL, pass the server's `storage`: the log
 * hides the rows of transactions that may still commit (any open write transaction of the cluster started before
 * them, such as another test's), so a read just after a call can miss what the call committed (a fresh-clone run read
 * 51 vehicle events before a call and 54 after, the 3 being the setup's, committed before both reads). With `storage`,
 * the log is read again until it reaches the last position committed before the call (read in SQL), for up to 30 s.
 */
export async function loggedEvents(admin: ApiClient, types: readonly string[], storage?: ServerStorage): Promise<LoggedEvent[]> {
  const committed = storage?.mode === 'postgres' ? await lastCommittedPosition(storage) : 0;
  for (const deadline = Date.now() + 30_000; ;) {
    const found: LoggedEvent[] = [];
    let head = 0;
    for (let after = 0; ;) {
      const res = await admin.get<LoggedEvent[]>(`/api/v1/admin/events/log?after=${after}&limit=1000`);
      if (res.status !== 200) throw new Error(`events log: ${res.status}`);
      found.push(...res.body.filter((e) => types.includes(e.type)));
      head = res.body.at(-1)?.position ?? head;
      if (res.body.length < 1000) break;
      after = head;
    }
    if (head >= committed) return found;
    if (Date.now() > deadline) throw new Error(`events log: reached position ${head} of ${committed} committed in 30 s (a write transaction left open?)`);
    await sleep(50);
  }
}

/** The last position of the event log's committed rows, read in SQL (no row hidden): 0 when the log is empty. */
async function lastCommittedPosition(storage: ServerStorage): Promise<number> {
  const client = new pg.Client({ connectionString: storage.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ head: string | null }>('SELECT max(position) AS head FROM event_store.events');
    return Number(rows[0]?.head ?? 0);
  } finally {
    await client.end();
  }
}

/** The stored files of an embedded server (`DATA_DIR/blobs`, descriptions and bytes; none when the folder is absent). */
export async function blobFiles(dataDir: string): Promise<string[]> {
  return (await readdir(join(dataDir, 'blobs')).catch(() => [] as string[])).sort();
}

/**
 * The stored files of a server on either storage: the `DATA_DIR/blobs` folder (embedded), or the rows of
 * `stored_files` and `stored_file_chunks` (PostgreSQL). Compared before and after a call, not counted across storages.
 */
export async function storedBlobs(storage: ServerStorage): Promise<string[]> {
  if (storage.mode === 'embedded') return blobFiles(storage.dataDir!);
  const client = new pg.Client({ connectionString: storage.databaseUrl });
  await client.connect();
  try {
    // No table yet: nothing stored (42P01, undefined_table); any other error fails the test.
    const rows = (sql: string) => client.query<{ id: string }>(sql).then((r) => r.rows.map((row) => row.id), (error: { code?: string }) => {
      if (error.code === '42P01') return [];
      throw error;
    });
    const files = await rows('SELECT id_file AS id FROM public.stored_files');
    const chunks = await rows(`SELECT id_file || ':' || seq AS id FROM public.stored_file_chunks`);
    return [...files, ...chunks].sort();
  } finally {
    await client.end();
  }
}
