import { randomUUID } from 'node:crypto';
import { API_ERROR_CODES } from '@auction/contracts';
import type { ReadModelDb } from '@auction/read-models';
import { AccessError } from '../../platform/engine/access-error.js';
import { sideTable } from '../../platform/engine/side-table.js';

/**
 * A person's or a company's personal data: names, e-mail, phone, fiscal code, birth date, IBAN, VAT code, address...
 * Kept beside the event log, never in it: events are immutable and replayed, exported and fanned out, so personal
 * data written into them could never be erased (the right to erasure, issue 14). An event names its subject by id;
 * this store says who that is, and anonymisation erases the row. Values are strings (dates as ISO `YYYY-MM-DD`) or
 * null; unknown keys are kept as given.
 */
export type PersonalData = Readonly<Record<string, string | null>>;

/** What a subject is: a user (`idUser`), a dealer (`idDealer`) or a seller (`idSeller`). */
export type SubjectKind = 'USER' | 'DEALER' | 'SELLER';

/** The personal data of users and dealers. */
export interface PersonalDataStore {
  /** The data of a subject, or null when it has none (unknown, or erased). */
  get(kind: SubjectKind, id: string): Promise<PersonalData | null>;
  /** The data of several subjects at once (missing ones left out). */
  getMany(kind: SubjectKind, ids: readonly string[]): Promise<Map<string, PersonalData>>;
  /** Merges `data` into the subject's data (a key set to null is kept as null); creates it when absent. Returns the result. */
  merge(kind: SubjectKind, id: string, data: PersonalData): Promise<PersonalData>;
  /**
   * Gives each subject of `entries` its data when it has none, in one statement (subjects with data keep theirs); a user's
   * e-mail another user holds is 409111 and creates nothing. Returns the ids created. (The demo data's many users.)
   */
  createMissing(kind: SubjectKind, entries: readonly { readonly id: string; readonly data: PersonalData }[]): Promise<string[]>;
  /** The ids of the subjects of a kind whose `email` is this address (compared without case). */
  idsByEmail(kind: SubjectKind, email: string): Promise<string[]>;
  /** Erases a subject's data for good; true when there was some. */
  erase(kind: SubjectKind, id: string): Promise<boolean>;
}

/** Injection token of the {@link PersonalDataStore}. */
export const PERSONAL_DATA_STORE = Symbol('PERSONAL_DATA_STORE');

const TABLE = 'public.personal_data';
/** The changes staged before their event (undo records): resolved once the event is known written or not. */
const STAGED = 'public.personal_data_staged';

/** A change written to the store whose event may still be missing, by its token and subject. */
export interface StagedChange {
  readonly token: string;
  readonly kind: SubjectKind;
  readonly id: string;
}

/**
 * The store as one SQL table on the read models' connection (PostgreSQL in server mode, PGlite in embedded mode),
 * outside the read-model schema that a rebuild drops: this data is not derived from the log.
 */
export class SqlPersonalDataStore implements PersonalDataStore {
  private readonly ensure: () => Promise<void>;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>) {
    this.ensure = sideTable(db, 'personal_data', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (kind text NOT NULL, id text NOT NULL, email text, data jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (kind, id))`,
      `CREATE INDEX IF NOT EXISTS personal_data_email ON ${TABLE} (kind, email)`,
      // One user per e-mail, across every instance (a check in one process could not see another's write). A database
      // that already holds two users with one address keeps working without it, and says so, until they are told apart.
      `DO $$ BEGIN
        CREATE UNIQUE INDEX IF NOT EXISTS personal_data_user_email ON ${TABLE} (email) WHERE kind = 'USER' AND email IS NOT NULL;
      EXCEPTION WHEN unique_violation THEN
        RAISE WARNING 'personal_data: two users share an e-mail address; the e-mail uniqueness index is not created';
      END $$`,
      `CREATE TABLE IF NOT EXISTS ${STAGED} (token text PRIMARY KEY, kind text NOT NULL, id text NOT NULL, before jsonb,
        after jsonb NOT NULL, staged_at timestamptz NOT NULL DEFAULT now())`,
      `CREATE INDEX IF NOT EXISTS personal_data_staged_subject ON ${STAGED} (kind, id)`,
    ]);
  }

  async get(kind: SubjectKind, id: string): Promise<PersonalData | null> {
    await this.ensure();
    const rows = await this.db.query<{ data: unknown }>(`SELECT data FROM ${TABLE} WHERE kind = $1 AND id = $2`, [kind, id]);
    return rows[0] ? asData(rows[0].data) : null;
  }

  async getMany(kind: SubjectKind, ids: readonly string[]): Promise<Map<string, PersonalData>> {
    const found = new Map<string, PersonalData>();
    if (ids.length === 0) return found;
    await this.ensure();
    // One JSON parameter rather than an array: the same text works on pg and PGlite.
    const rows = await this.db.query<{ id: string; data: unknown }>(
      `SELECT p.id, p.data FROM ${TABLE} p WHERE p.kind = $1 AND p.id IN (SELECT json_array_elements_text($2::text::json))`,
      [kind, JSON.stringify(ids)],
    );
    for (const row of rows) found.set(row.id, asData(row.data));
    return found;
  }

  async merge(kind: SubjectKind, id: string, data: PersonalData): Promise<PersonalData> {
    await this.ensure();
    return this.db.transaction(async (tx) => {
      const merged: PersonalData = { ...((await locked(tx, kind, id)) ?? {}), ...data };
      await write(tx, kind, id, merged);
      return merged;
    });
  }

  async createMissing(kind: SubjectKind, entries: readonly { readonly id: string; readonly data: PersonalData }[]): Promise<string[]> {
    if (entries.length === 0) return [];
    await this.ensure();
    // One JSON parameter rather than arrays: the same text works on pg and PGlite.
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO ${TABLE} (kind, id, email, data)
       SELECT $1, e.id, e.email, e.data FROM json_to_recordset($2::text::json) AS e(id text, email text, data jsonb)
       ON CONFLICT (kind, id) DO NOTHING RETURNING id`,
      [kind, JSON.stringify(entries.map(({ id, data }) => ({ id, email: typeof data.email === 'string' ? data.email.toLowerCase() : null, data })))],
    ).catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
    return rows.map((r) => r.id);
  }

  /**
   * Merges `data` as {@link merge} does, and records in the same transaction what the changed fields held before, under
   * a new token: the change is visible (and the e-mail index checked, 409111) before its event is written, and
   * {@link undo} takes it back should the event never be. {@link settle} forgets the record once the event is written.
   */
  async stage(kind: SubjectKind, id: string, data: PersonalData): Promise<StagedChange> {
    await this.ensure();
    const token = randomUUID();
    await this.db.transaction(async (tx) => {
      const before = await locked(tx, kind, id);
      await tx.query(`INSERT INTO ${STAGED} (token, kind, id, before, after) VALUES ($1, $2, $3, $4::text::jsonb, $5::text::jsonb)`,
        [token, kind, id, before ? JSON.stringify(before) : null, JSON.stringify(data)]);
      await write(tx, kind, id, { ...(before ?? {}), ...data });
    });
    return { token, kind, id };
  }

  /** Forgets a staged change: its event is written, the data stays. */
  async settle(token: string): Promise<void> {
    await this.ensure();
    await this.db.query(`DELETE FROM ${STAGED} WHERE token = $1`, [token]);
  }

  /**
   * Takes a staged change back: each field it set and nobody changed since gets its earlier value again (a subject that
   * had no data loses the row it created). Nothing when the record is gone (settled, or erased by an anonymisation:
   * erased data is never brought back). An earlier e-mail another user holds by now is not given back (see below).
   */
  async undo(token: string): Promise<void> {
    await this.ensure();
    await this.db.transaction(async (tx) => {
      const subject = (await tx.query<{ kind: SubjectKind; id: string }>(`SELECT kind, id FROM ${STAGED} WHERE token = $1`, [token]))[0];
      if (!subject) return;
      const current = await locked(tx, subject.kind, subject.id);
      const rows = await tx.query<{ before: unknown; after: unknown }>(`DELETE FROM ${STAGED} WHERE token = $1 RETURNING before, after`, [token]);
      if (!rows[0] || !current) return;
      const before = rows[0].before === null ? null : asData(rows[0].before);
      const restored: Record<string, string | null> = { ...current };
      for (const [key, value] of Object.entries(asData(rows[0].after))) {
        if ((current[key] ?? null) !== value) continue;
        if (before && key in before) restored[key] = before[key] ?? null;
        else delete restored[key];
      }
      // The earlier e-mail may have been taken meanwhile (a sign-up or another edit once the change had freed it): the
      // user keeps the staged one, else the undo would fail on the index at every try and hold the sweep forever.
      const earlier = typeof restored.email === 'string' ? restored.email.toLowerCase() : null;
      if (subject.kind === 'USER' && earlier && earlier !== (current.email ?? null)
        && (await tx.query(`SELECT 1 FROM ${TABLE} WHERE kind = 'USER' AND email = $1 AND id <> $2`, [earlier, subject.id])).length > 0) {
        restored.email = current.email ?? null;
      }
      if (before === null && Object.keys(restored).length === 0) await tx.query(`DELETE FROM ${TABLE} WHERE kind = $1 AND id = $2`, [subject.kind, subject.id]);
      else await write(tx, subject.kind, subject.id, restored);
    });
  }

  /** The staged changes older than `ageMs` (their request has ended or died). */
  async staged(ageMs: number): Promise<StagedChange[]> {
    await this.ensure();
    return this.db.query<StagedChange>(
      `SELECT token, kind, id FROM ${STAGED} WHERE staged_at <= now() - make_interval(secs => $1::text::float8) ORDER BY staged_at`,
      [String(ageMs / 1000)],
    );
  }

  async idsByEmail(kind: SubjectKind, email: string): Promise<string[]> {
    await this.ensure();
    const rows = await this.db.query<{ id: string }>(`SELECT id FROM ${TABLE} WHERE kind = $1 AND email = $2 ORDER BY id`, [kind, email.toLowerCase()]);
    return rows.map((r) => r.id);
  }

  /** Also forgets the subject's staged changes: no undo may write erased data back. */
  async erase(kind: SubjectKind, id: string): Promise<boolean> {
    await this.ensure();
    return this.db.transaction(async (tx) => {
      const rows = await tx.query(`DELETE FROM ${TABLE} WHERE kind = $1 AND id = $2 RETURNING id`, [kind, id]);
      await tx.query(`DELETE FROM ${STAGED} WHERE kind = $1 AND id = $2`, [kind, id]);
      return rows.length > 0;
    });
  }
}

type Tx = Parameters<Parameters<ReadModelDb['transaction']>[0]>[0];

/** The subject's data, its row locked until the transaction ends (null: no row). */
async function locked(tx: Tx, kind: SubjectKind, id: string): Promise<PersonalData | null> {
  const rows = await tx.query<{ data: unknown }>(`SELECT data FROM ${TABLE} WHERE kind = $1 AND id = $2 FOR UPDATE`, [kind, id]);
  return rows[0] ? asData(rows[0].data) : null;
}

/** Writes the subject's whole data; a user's e-mail another user holds is 409111. */
async function write(tx: Tx, kind: SubjectKind, id: string, data: PersonalData): Promise<void> {
  const email = typeof data.email === 'string' ? data.email.toLowerCase() : null;
  await tx.query(
    `INSERT INTO ${TABLE} (kind, id, email, data) VALUES ($1, $2, $3, $4::text::jsonb)
     ON CONFLICT (kind, id) DO UPDATE SET email = EXCLUDED.email, data = EXCLUDED.data, updated_at = now()`,
    [kind, id, email, JSON.stringify(data)],
  ).catch((error: unknown) => {
    throw isUniqueViolation(error) ? emailTaken() : error;
  });
}

/** A user's e-mail that another user holds (the unique index said so): 409111, as the services' own check answers. */
function emailTaken(): AccessError {
  return new AccessError(409, API_ERROR_CODES.EMAIL_TAKEN, 'this e-mail belongs to another user');
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

function asData(value: unknown): PersonalData {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const data: Record<string, string | null> = {};
  for (const [key, item] of Object.entries(parsed)) data[key] = typeof item === 'string' ? item : null;
  return data;
}
