/**
 * The access-tag store on PGlite (and PostgreSQL when DATABASE_URL is set): only the tag's SHA-256 is stored; a tag
 * is consumed once, by its subject, before it expires; a newer recovery tag voids the older; an invitation is
 * issued once while live, also when two are issued at once; of many concurrent uses exactly one wins.
 */
import { describe, expect, it } from '@jest/globals';
import type { ReadModelDb } from '@auction/read-models';
import { READ_MODEL_MODES, withFreshReadModelDb } from '../../testing/read-model-db.test-support.js';
import { AccessTagStore, tagHash } from './access-tags.js';

const T0 = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;

describe.each(READ_MODEL_MODES)('AccessTagStore on %s', (mode) => {
  let db: ReadModelDb;
  let store: AccessTagStore;

  withFreshReadModelDb(mode, ([opened]) => {
    db = opened!;
    store = new AccessTagStore(db);
  });

  it('stores only the hash, and consumes a tag once, by its subject, before it expires', async () => {
    const tag = (await store.issue({ kind: 'RECOVERY', idUser: 'u1' }, T0, HOUR))!;
    expect(tag).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db.query<{ tag_hash: string }>('SELECT tag_hash FROM access_tags WHERE id_user = $1', ['u1']);
    expect(rows.map((r) => r.tag_hash)).toEqual([tagHash(tag)]);
    expect(await store.consume(tag, ['RECOVERY'], { idUser: 'u2' }, T0)).toBeNull();
    expect(await store.consume(tag, ['SETUP'], { idUser: 'u1' }, T0)).toBeNull();
    expect(await store.consume(tag, ['RECOVERY'], { idUser: 'u1' }, T0 + HOUR)).toBeNull();
    expect(await store.consume(tag, ['RECOVERY'], { idUser: 'u1' }, T0 + HOUR - 1)).toMatchObject({ kind: 'RECOVERY', idUser: 'u1' });
    expect(await store.consume(tag, ['RECOVERY'], { idUser: 'u1' }, T0 + 1)).toBeNull();
    expect(await store.consume('not a tag!', ['RECOVERY'], { idUser: 'u1' }, T0)).toBeNull();
  });

  it('voids the older recovery tags of a user when a newer one is issued', async () => {
    const older = (await store.issue({ kind: 'RECOVERY', idUser: 'u3' }, T0, HOUR))!;
    const newer = (await store.issue({ kind: 'RECOVERY', idUser: 'u3' }, T0 + 1, HOUR))!;
    expect(await store.peek(older, ['RECOVERY'], T0 + 2)).toBeNull();
    expect(await store.consume(older, ['RECOVERY'], { idUser: 'u3' }, T0 + 2)).toBeNull();
    expect(await store.consume(newer, ['RECOVERY'], { idUser: 'u3' }, T0 + 2)).not.toBeNull();
  });

  it('voids a user\'s live recovery and first-password links when their password is set, and no one else\'s (attack review P2)', async () => {
    const recovery = (await store.issue({ kind: 'RECOVERY', idUser: 'u5' }, T0, HOUR))!;
    const setup = (await store.issue({ kind: 'SETUP', idUser: 'u5' }, T0, HOUR))!;
    const others = (await store.issue({ kind: 'RECOVERY', idUser: 'u6' }, T0, HOUR))!;
    await store.voidUserLinks('u5', T0 + 1);
    expect(await store.consume(recovery, ['RECOVERY', 'SETUP'], { idUser: 'u5' }, T0 + 2)).toBeNull();
    expect(await store.consume(setup, ['RECOVERY', 'SETUP'], { idUser: 'u5' }, T0 + 2)).toBeNull();
    expect(await store.consume(others, ['RECOVERY'], { idUser: 'u6' }, T0 + 2)).not.toBeNull();
  });

  it('issues one live invitation per e-mail and dealer, also under concurrency; peek does not spend it', async () => {
    const subject = { kind: 'INVITATION' as const, email: 'Ann@Example.COM', idDealer: 'D-1', invitedBy: 'u9' };
    const issued = await Promise.all(Array.from({ length: 5 }, () => store.issue(subject, T0, HOUR)));
    const tags = issued.filter((t): t is string => t !== null);
    expect(tags).toHaveLength(1);
    expect(await store.peek(tags[0]!, ['INVITATION'], T0)).toMatchObject({ email: 'ann@example.com', idDealer: 'D-1' });
    expect(await store.peek(tags[0]!, ['INVITATION'], T0)).not.toBeNull();
    expect(await store.consume(tags[0]!, ['INVITATION'], { email: 'ann@example.com', idDealer: 'D-2' }, T0)).toBeNull();
    expect(await store.consume(tags[0]!, ['INVITATION'], { email: 'ANN@example.com', idDealer: 'D-1' }, T0)).not.toBeNull();
    // Spent: a new invitation of the same e-mail may be issued.
    expect(await store.issue(subject, T0, HOUR)).not.toBeNull();
    // Expired: too.
    expect(await store.issue({ ...subject, idDealer: 'D-3' }, T0, HOUR)).not.toBeNull();
    expect(await store.issue({ ...subject, idDealer: 'D-3' }, T0 + HOUR, HOUR)).not.toBeNull();
  });

  it('lets exactly one of many concurrent uses of a tag win', async () => {
    const tag = (await store.issue({ kind: 'SETUP', idUser: 'u4' }, T0, HOUR))!;
    const uses = await Promise.all(Array.from({ length: 8 }, () => store.consume(tag, ['RECOVERY', 'SETUP'], { idUser: 'u4' }, T0 + 1)));
    expect(uses.filter((u) => u !== null)).toHaveLength(1);
  });
});
