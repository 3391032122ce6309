import { createHash, randomBytes } from 'node:crypto';
import type { ReadModelDb } from '@auction/read-models';
import { sideTable } from '../../platform/engine/side-table.js';

/**
 * What a mailed link lets its holder do: set the password of a user who forgot it (`RECOVERY`), sign up as a user
 * of the dealer that invited an e-mail (`INVITATION`), or set the first password of a new user (`SETUP`).
 */
export const ACCESS_TAG_KINDS = ['RECOVERY', 'INVITATION', 'SETUP'] as const;
export type AccessTagKind = (typeof ACCESS_TAG_KINDS)[number];

/** A live or consumed tag's row, without the tag itself (only its hash is stored). */
export interface AccessTagRecord {
  readonly kind: AccessTagKind;
  readonly idUser: string | null;
  readonly email: string | null;
  readonly idDealer: string | null;
  readonly expiresAt: number;
}

/** What a new tag is about: a user (`RECOVERY`, `SETUP`), or an e-mail invited to a dealer (`INVITATION`). */
export type AccessTagSubject =
  | { readonly kind: 'RECOVERY' | 'SETUP'; readonly idUser: string }
  | { readonly kind: 'INVITATION'; readonly email: string; readonly idDealer: string; readonly invitedBy: string };

const TABLE = 'public.access_tags';
/** Bytes of randomness of a tag (base64url: 43 characters). */
const TAG_BYTES = 32;
/** Longest tag accepted from a request: anything longer is not ours, and is not even hashed. */
export const MAX_TAG_LENGTH = 200;

/** The SHA-256 of a tag (hex): what is stored, so a leaked table gives no usable link. */
export function tagHash(tag: string): string {
  return createHash('sha256').update(tag, 'utf8').digest('hex');
}

const lowerEmail = (email: string) => email.trim().toLowerCase();

interface Row { kind: AccessTagKind; id_user: string | null; email: string | null; id_dealer: string | null; expires_at: Date | string }
const asRecord = (r: Row): AccessTagRecord => ({ kind: r.kind, idUser: r.id_user, email: r.email, idDealer: r.id_dealer, expiresAt: new Date(r.expires_at).getTime() });

/**
 * The single-use, expiring tags of the mailed links, as one side table on the read models' connection (as the
 * credentials: a secret, not history, so never in the event log). A tag is 32 random bytes; only its SHA-256 is
 * kept. Consuming one is one conditional UPDATE (`used_at IS NULL AND expires_at > now`), so of two concurrent uses
 * exactly one wins, on one instance or several.
 */
export class AccessTagStore {
  private readonly ensure: () => Promise<void>;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>) {
    this.ensure = sideTable(db, 'access_tags', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (tag_hash text PRIMARY KEY, kind text NOT NULL, id_user text, email text, id_dealer text,
        created_by text, created_at timestamptz NOT NULL DEFAULT now(), expires_at timestamptz NOT NULL, used_at timestamptz)`,
      `CREATE INDEX IF NOT EXISTS access_tags_user ON ${TABLE} (id_user, kind) WHERE used_at IS NULL`,
      `CREATE INDEX IF NOT EXISTS access_tags_invitee ON ${TABLE} (email, id_dealer) WHERE used_at IS NULL`,
    ]);
  }

  /**
   * Issues a new tag and answers it (the only time it exists in clear). A new `RECOVERY` or `SETUP` tag voids the
   * user's older live tags of that kind: only the newest mailed link works. An `INVITATION` is refused (null) while
   * another one of the same e-mail and dealer is live: checked and written under one lock, so two concurrent
   * invitations give one tag.
   */
  async issue(subject: AccessTagSubject, now: number, ttlMs: number): Promise<string | null> {
    await this.ensure();
    const tag = randomBytes(TAG_BYTES).toString('base64url');
    const at = new Date(now).toISOString();
    const expires = new Date(now + ttlMs).toISOString();
    const issued = await this.db.transaction(async (tx) => {
      if (subject.kind === 'INVITATION') {
        const email = lowerEmail(subject.email);
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`access-tag:${email}:${subject.idDealer}`]);
        const live = await tx.query(
          `SELECT 1 FROM ${TABLE} WHERE kind = 'INVITATION' AND email = $1 AND id_dealer = $2 AND used_at IS NULL AND expires_at > $3::timestamptz`,
          [email, subject.idDealer, at],
        );
        if (live.length > 0) return false;
        await tx.query(
          `INSERT INTO ${TABLE} (tag_hash, kind, email, id_dealer, created_by, expires_at) VALUES ($1, 'INVITATION', $2, $3, $4, $5::timestamptz)`,
          [tagHash(tag), email, subject.idDealer, subject.invitedBy, expires],
        );
        return true;
      }
      await tx.query(`UPDATE ${TABLE} SET used_at = $3::timestamptz WHERE id_user = $1 AND kind = $2 AND used_at IS NULL`, [subject.idUser, subject.kind, at]);
      await tx.query(
        `INSERT INTO ${TABLE} (tag_hash, kind, id_user, expires_at) VALUES ($1, $2, $3, $4::timestamptz)`,
        [tagHash(tag), subject.kind, subject.idUser, expires],
      );
      return true;
    });
    return issued ? tag : null;
  }

  /** The live tag of these kinds (not consumed, not expired), or null. Reads only. */
  async peek(tag: string, kinds: readonly AccessTagKind[], now: number): Promise<AccessTagRecord | null> {
    if (!isTagShaped(tag)) return null;
    await this.ensure();
    const rows = await this.db.query<Row>(
      `SELECT kind, id_user, email, id_dealer, expires_at FROM ${TABLE}
       WHERE tag_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz AND kind IN (SELECT json_array_elements_text($3::text::json))`,
      [tagHash(tag), new Date(now).toISOString(), JSON.stringify(kinds)],
    );
    return rows[0] ? asRecord(rows[0]) : null;
  }

  /**
   * Consumes a live tag of these kinds whose subject matches (`idUser`, or `email` and `idDealer`), atomically:
   * the one UPDATE that marks it used also checks it is unused and unexpired. Null when it is not (any more).
   */
  async consume(tag: string, kinds: readonly AccessTagKind[], match: { idUser: string } | { email: string; idDealer: string }, now: number): Promise<AccessTagRecord | null> {
    if (!isTagShaped(tag)) return null;
    await this.ensure();
    const at = new Date(now).toISOString();
    const byUser = 'idUser' in match;
    const rows = await this.db.query<Row>(
      `UPDATE ${TABLE} SET used_at = $2::timestamptz
       WHERE tag_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz AND kind IN (SELECT json_array_elements_text($3::text::json))
         AND ${byUser ? 'id_user = $4' : 'email = $4 AND id_dealer = $5'}
       RETURNING kind, id_user, email, id_dealer, expires_at`,
      [tagHash(tag), at, JSON.stringify(kinds), ...(byUser ? [match.idUser] : [lowerEmail(match.email), match.idDealer])],
    );
    return rows[0] ? asRecord(rows[0]) : null;
  }

  /**
   * Voids every live `RECOVERY` and `SETUP` tag of a user (their password was just set): a link mailed before the
   * change must not reset the new password.
   */
  async voidUserLinks(idUser: string, now: number): Promise<void> {
    await this.ensure();
    await this.db.query(
      `UPDATE ${TABLE} SET used_at = $2::timestamptz WHERE id_user = $1 AND kind IN ('RECOVERY', 'SETUP') AND used_at IS NULL`,
      [idUser, new Date(now).toISOString()],
    );
  }

  /**
   * Deletes every tag, live or consumed, of an erased subject (anonymisation, issue 14): the user's own links, the
   * invitations sent to its e-mail, and those of its dealer or sent by it. Answers how many rows went.
   */
  async eraseSubject(subject: { readonly idUser?: string; readonly email?: string | null; readonly idDealer?: string }): Promise<number> {
    await this.ensure();
    const rows = await this.db.query(
      `DELETE FROM ${TABLE} WHERE ($1::text IS NOT NULL AND (id_user = $1 OR created_by = $1))
         OR ($2::text IS NOT NULL AND email = $2) OR ($3::text IS NOT NULL AND id_dealer = $3) RETURNING tag_hash`,
      [subject.idUser ?? null, subject.email ? lowerEmail(subject.email) : null, subject.idDealer ?? null],
    );
    return rows.length;
  }

  /** Gives a consumed tag back (the step it was consumed for failed, e.g. the sign-up's username was taken). */
  async restore(tag: string): Promise<void> {
    await this.ensure();
    await this.db.query(`UPDATE ${TABLE} SET used_at = NULL WHERE tag_hash = $1`, [tagHash(tag)]);
  }
}

/** True for what a tag can look like (base64url, bounded): anything else is refused without a query. */
export function isTagShaped(tag: string): boolean {
  return tag.length > 0 && tag.length <= MAX_TAG_LENGTH && /^[A-Za-z0-9_-]+$/.test(tag);
}
