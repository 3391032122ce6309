/**
 * The erase operations anonymisation relies on, store by store (PGlite, and PostgreSQL when DATABASE_URL is set):
 * each removes exactly the subject's rows, answers what it removed, and removes nothing on a repeat.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadModelDb } from '@auction/read-models';
import { AccessTagStore } from '../../identity/passwords/access-tags.js';
import { PushTokenStore } from '../../identity/profile/push-tokens.js';
import { MailOutbox } from '../../communication/email/mail-outbox.js';
import { LeadStore } from '../../communication/lead/lead-store.js';
import { FileBlobStore, SqlBlobStore } from '@auction/blob-store';
import { SqlCredentialStore } from '../../identity/sql-credential-store.js';
import { READ_MODEL_MODES, withFreshReadModelDb } from '../../testing/read-model-db.test-support.js';

const T0 = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;
const PDF = new TextEncoder().encode('%PDF-1.4 erasure');

describe.each(READ_MODEL_MODES)('erasure of a subject\'s side rows on %s', (mode) => {
  let db: ReadModelDb;

  withFreshReadModelDb(mode, ([opened]) => { db = opened!; });

  it('deletes a user\'s password hash only', async () => {
    const store = new SqlCredentialStore(db);
    await store.set('gone', 'hash-1');
    await store.set('kept', 'hash-2');
    expect(await store.delete('gone')).toBe(true);
    expect(await store.delete('gone')).toBe(false);
    expect(await store.get('gone')).toBeNull();
    expect(await store.get('kept')).toBe('hash-2');
  });

  it('deletes every tag of a user, of an e-mail and of a dealer, live or used, and no other', async () => {
    const tags = new AccessTagStore(db);
    await tags.issue({ kind: 'RECOVERY', idUser: 'gone' }, T0, HOUR);
    await tags.issue({ kind: 'SETUP', idUser: 'gone' }, T0, HOUR);
    await tags.issue({ kind: 'INVITATION', email: 'Gone@Example.com', idDealer: 'D-X', invitedBy: 'kept' }, T0, HOUR);
    await tags.issue({ kind: 'INVITATION', email: 'friend@example.com', idDealer: 'D-GONE', invitedBy: 'kept' }, T0, HOUR);
    const kept = (await tags.issue({ kind: 'RECOVERY', idUser: 'kept' }, T0, HOUR))!;
    expect(await tags.eraseSubject({ idUser: 'gone' })).toBe(2);
    expect(await tags.eraseSubject({ email: 'GONE@example.com' })).toBe(1);
    expect(await tags.eraseSubject({ idDealer: 'D-GONE' })).toBe(1);
    expect(await tags.eraseSubject({ idUser: 'gone', email: 'gone@example.com', idDealer: 'D-GONE' })).toBe(0);
    expect(await tags.eraseSubject({})).toBe(0);
    expect(await tags.peek(kept, ['RECOVERY'], T0)).toMatchObject({ idUser: 'kept' });
  });

  it('forgets a user\'s push tokens only', async () => {
    const tokens = new PushTokenStore(db);
    await tokens.register('gone', 'token-a');
    await tokens.register('gone', 'token-b');
    await tokens.register('kept', 'token-c');
    expect(await tokens.eraseUser('gone')).toBe(2);
    expect(await tokens.eraseUser('gone')).toBe(0);
    expect(await tokens.tokensOf('kept')).toEqual(['token-c']);
  });

  it('forgets an address in the mail outbox: a queued mail to it alone is not sent, a mail to it loses its message, others keep theirs', async () => {
    const outbox = new MailOutbox(db);
    const mail = (id: string, batch: string | null, recipients: string[], cc: string[] = []) =>
      ({ id, batch, recipients, cc, subject: `Subject ${id}`, html: `<p>Dear Gone ${id}</p>`, text: `Dear Gone ${id}`, createdBy: 'admin' });
    await outbox.enqueue([
      mail('m1', null, ['Gone@Example.com']), mail('m2', null, ['kept@example.com'], ['gone@example.com']),
      mail('m3', 'lead-1', ['gone@example.com']), mail('m4', null, ['kept@example.com']), mail('m5', null, ['notgone@example.com']),
    ], T0);
    await outbox.markSent('m2', T0 + 1);
    expect(await outbox.forgetAddress('GONE@example.com')).toBe(3);
    expect(await outbox.get('m1')).toMatchObject({ recipients: [], cc: [], subject: '', html: '', text: '', state: 'FAILED', errorCode: 410350 });
    // Sent already: the address leaves it (and its message, a message to the person), the state stays.
    expect(await outbox.get('m2')).toMatchObject({ recipients: ['kept@example.com'], cc: [], subject: '', state: 'SENT' });
    // A campaign's mail keeps the campaign's content, not the address.
    expect(await outbox.get('m3')).toMatchObject({ recipients: [], subject: 'Subject m3', state: 'FAILED' });
    expect(await outbox.get('m4')).toMatchObject({ recipients: ['kept@example.com'], subject: 'Subject m4', state: 'QUEUED' });
    // An address that merely contains the erased one is another person's.
    expect(await outbox.get('m5')).toMatchObject({ recipients: ['notgone@example.com'], state: 'QUEUED' });
    expect(await outbox.forgetAddress('gone@example.com')).toBe(0);
  });

  it('forgets an address in the lead campaigns\' recipients', async () => {
    const leads = new LeadStore(db);
    const lead = (id: string, recipients: string[]) =>
      ({ id, name: id, subject: 's', html: '<p>h</p>', text: 'h', recipients, status: 'DRAFT' as const, createdBy: 'admin', createdAt: T0, updatedAt: T0 });
    await leads.insert(lead('l1', ['a@example.com', 'Gone@example.com']));
    await leads.insert(lead('l2', ['a@example.com']));
    expect(await leads.forgetAddress('gone@example.com')).toBe(1);
    expect((await leads.get('l1'))?.recipients).toEqual(['a@example.com']);
    expect((await leads.get('l2'))?.recipients).toEqual(['a@example.com']);
    expect(await leads.forgetAddress('gone@example.com')).toBe(0);
  });

  it('deletes every stored file of an owner (table and folder adapters)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erasure-blobs-'));
    try {
      for (const blobs of [new SqlBlobStore(db), new FileBlobStore(dir)]) {
        const a = await blobs.put(PDF, 'application/pdf', 'dealer:D-GONE');
        const b = await blobs.put(PDF, 'application/pdf', 'dealer:D-GONE');
        const other = await blobs.put(PDF, 'application/pdf', 'dealer:D-KEPT');
        expect(await blobs.deleteOwnedBy('dealer:D-GONE')).toEqual([a.idFile, b.idFile].sort());
        expect(await blobs.deleteOwnedBy('dealer:D-GONE')).toEqual([]);
        expect(await blobs.get(a.idFile)).toBeNull();
        expect((await blobs.get(other.idFile))?.meta.owner).toBe('dealer:D-KEPT');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
