/**
 * The tests' way to follow a single-use link mailed to the in-process catcher, whose listing masks every tag (issue 21
 * item 1: a link is its addressee's alone). Server mode only: the access tags are a side table on the test's own
 * database, which keeps only the SHA-256 of a tag, so the test swaps the newest live tag of a user for one it knows.
 * A test against the real SMTP server (mailbox.test-support.ts) reads the whole link from the mail instead.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/** Replaces the user's newest live tag of `kind` by a new one and answers it (throws when the user has none). */
export async function knownLiveTag(databaseUrl: string, idUser: string, kind: 'RECOVERY' | 'SETUP' = 'RECOVERY'): Promise<string> {
  const tag = randomBytes(32).toString('base64url');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query(
      `UPDATE public.access_tags SET tag_hash = $1 WHERE tag_hash = (SELECT tag_hash FROM public.access_tags
        WHERE id_user = $2 AND kind = $3 AND used_at IS NULL ORDER BY created_at DESC LIMIT 1)`,
      [createHash('sha256').update(tag, 'utf8').digest('hex'), idUser, kind],
    );
    if (res.rowCount !== 1) throw new Error(`no live ${kind} tag of ${idUser}`);
    return tag;
  } finally {
    await client.end();
  }
}
