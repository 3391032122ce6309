/**
 * Helpers of the anonymisation proof: a registration whose personal data is distinctive (so finding it anywhere is a
 * leak, not a coincidence), a search for those values in any text, and the readers of every surface the proof
 * sweeps (the whole admin events log, the caught mail, the read-model tables as text).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CodiceFiscale } from '../../../../../libs/domain/src/identity/registration/codice-fiscale-interop.js';
import { isValidItalianVat } from '../../../../../libs/domain/src/identity/registration/italian-vat.js';
import { registrationFor } from '../../identity/registration/registration.test-support.js';
import type { ApiClient } from '../../testing/server.test-support.js';

/** The personal values of one test dealer, each unlikely anywhere else. */
export interface Needles {
  readonly businessName: string;
  readonly email: string;
  readonly referenceEmail: string;
  readonly fiscalCode: string;
  readonly vatCode: string;
  readonly surname: string;
  readonly name: string;
  readonly address: string;
}

/** An Italian registration with distinctive names, e-mails, a fiscal code consistent with them and a valid VAT code. */
export function distinctiveRegistration(): { dto: Record<string, unknown>; needles: Needles } {
  const tag = randomBytes(4).toString('hex');
  const [name, surname] = ['Ottorino', 'Quarzobrindisi'];
  const cf15 = `${CodiceFiscale.surnameCode(surname)}${CodiceFiscale.nameCode(name)}${CodiceFiscale.dateCode(10, 12, 1985, 'M')}A562`;
  const fiscalCode = cf15 + CodiceFiscale.getCheckCode(cf15);
  const vatCode = italianVat();
  const needles: Needles = {
    businessName: `Quarzobrindisi Autos ${tag.toUpperCase()}`, email: `oq-${tag}@example.com`, referenceEmail: `oq-ref-${tag}@example.com`,
    fiscalCode, vatCode, surname, name, address: `Via Zeffirantes ${parseInt(tag.slice(0, 3), 16)}`,
  };
  const dto = registrationFor('IT', tag);
  Object.assign(dto, {
    businessName: needles.businessName, email: needles.email, confEmail: needles.email, referenceEmail: needles.referenceEmail,
    referenceName: name, referenceSurname: surname, referenceFiscalCode: fiscalCode, vatCode, address: needles.address,
  });
  return { dto, needles };
}

/** A random valid Italian VAT code (11 digits, office code 015, Luhn-like check digit found by trying). */
function italianVat(): string {
  const body = `${1_000_000 + randomBytes(3).readUIntBE(0, 3) % 8_999_999}015`;
  for (let d = 0; d < 10; d++) if (isValidItalianVat(`${body}${d}`)) return `${body}${d}`;
  throw new Error(`no check digit for ${body}`);
}

/** The needles found in `text` (any case), by name. */
export function leaksIn(text: string, needles: Needles): string[] {
  const lower = text.toLowerCase();
  return Object.entries(needles).filter(([, v]) => lower.includes(v.toLowerCase())).map(([k]) => k);
}

/** Every event of the admin events log (all pages) as its JSON text. */
export async function wholeLog(admin: ApiClient): Promise<{ text: string; events: { streamId: string; type: string; position: number; data: unknown }[] }> {
  const events: { streamId: string; type: string; position: number; data: unknown }[] = [];
  const pages: string[] = [];
  for (let after = 0; ;) {
    const res = await admin.get(`/api/v1/admin/events/log?after=${after}&limit=1000`);
    if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`events log: ${res.status} ${JSON.stringify(res.body)}`);
    pages.push(JSON.stringify(res.body));
    events.push(...res.body);
    if (res.body.length < 1000) return { text: pages.join('\n'), events };
    after = res.body.at(-1).position;
  }
}

/** Every caught mail (list pages and each message's text and HTML) as one text. */
export async function allCaughtMail(admin: ApiClient): Promise<string> {
  const parts: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await admin.get(`/api/v1/admin/mail?limit=100&offset=${offset}`);
    if (res.status !== 200) throw new Error(`admin mail: ${res.status}`);
    parts.push(JSON.stringify(res.body));
    for (const item of res.body.items as { id: string }[]) parts.push(JSON.stringify((await admin.get(`/api/v1/admin/mail/${item.id}`)).body));
    if (res.body.items.length < 100) return parts.join('\n');
  }
}

/** Every table of `schemas` (all rows, each as PostgreSQL's row text), table by table. */
export async function dumpSchemas(databaseUrl: string, schemas: readonly string[]): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ s: string; t: string }>(
      `SELECT table_schema AS s, table_name AS t FROM information_schema.tables WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
      [schemas],
    );
    const dump = new Map<string, string>();
    for (const { s, t } of tables.rows) {
      const rows = await client.query<{ r: string }>(`SELECT x::text AS r FROM "${s}"."${t}" x`);
      dump.set(`${s}.${t}`, rows.rows.map((r) => r.r).join('\n'));
    }
    return dump;
  } finally {
    await client.end();
  }
}

/** The tables of a dump that contain a needle, with what they contain. */
export function leakyTables(dump: Map<string, string>, needles: Needles): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [table, text] of dump) {
    const leaks = leaksIn(text, needles);
    if (leaks.length) found[table] = leaks;
  }
  return found;
}
