/**
 * The outbid push sink on a real outbox (PostgreSQL, then PGlite): a burst of notices beyond one lookup batch, devices
 * registered and removed while a batch is recorded, and no delivery to a device that is not the notice's user's.
 */
import { describe, expect, test } from '@jest/globals';
import type { OutbidPayload } from '@auction/messaging';
import type { ReadModelDb } from '@auction/read-models';
import { PushTokenStore } from '../../identity/profile/push-tokens.js';
import { withFreshReadModelDb } from '../../testing/read-model-db.test-support.js';
import { OutbidPushSink } from './outbid-push.js';
import { PushOutbox } from './push-outbox.js';

const payload = (position: number): OutbidPayload => ({
  idAuction: 'A1', idLot: 'L7', bestOffer: 12500, yourBestOffer: 12000, position, serverTime: '2026-11-27T00:00:00.000Z',
  lotNumber: 3, licensePlate: 'AB123CD', brand: 'Fiat', model: 'Panda', auctionName: 'Milano',
});

for (const mode of ['postgres', 'pglite'] as const) {
  describe(`outbid pushes on a real outbox (${mode})`, () => {
    let db: ReadModelDb;
    withFreshReadModelDb(mode, ([opened]) => { db = opened!; });

    test('every notice of a user with a device is one delivery per device; a device registered mid-batch is reached, a removed one is not', async () => {
      const outbox = new PushOutbox(db);
      const tokens = new PushTokenStore(db);
      await tokens.register('two', 'tok-two-a');
      await tokens.register('two', 'tok-two-b');
      await tokens.register('one', 'tok-one');
      await tokens.register('gone', 'tok-gone');
      // The first notice's recording waits until every other is queued behind it: they are looked up as batches of 500.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => { release = resolve; });
      let recordings = 0;
      const sink = new OutbidPushSink(
        async (n, users) => {
          await gate;
          // Within the second batch, after its lookup (its recordings: position 3, gone; then 6, two): one user gets a
          // device, another loses theirs.
          if (++recordings === 3) { await tokens.register('late', 'tok-late'); await tokens.eraseUser('gone'); }
          return outbox.record(n, users);
        },
        (users) => outbox.usersWithDevices(users), () => 'en', () => 1_000, () => undefined,
      );
      const users = ['two', 'one', 'late', 'gone', 'nobody', 'other'];
      const published: { idUser: string; position: number }[] = [];
      for (let position = 1; position <= 1_300; position++) {
        const idUser = users[position % users.length]!;
        published.push({ idUser, position });
        await sink.publish(`user/${idUser}/outbid`, payload(position));
      }
      release();
      await sink.idle();

      const rows = await db.query<{ id_notification: string; id_user: string; token: string }>(
        'SELECT id_notification, id_user, token FROM public.push_deliveries ORDER BY id_notification, token');
      const got = new Map<string, string[]>();
      for (const r of rows) {
        expect(r.id_notification.startsWith(`outbid-${r.id_user}-`)).toBe(true);
        got.set(r.id_notification, [...(got.get(r.id_notification) ?? []), r.token]);
      }
      const want = new Map<string, string[]>();
      for (const { idUser, position } of published) {
        const devices = idUser === 'two' ? ['tok-two-a', 'tok-two-b'] : idUser === 'one' ? ['tok-one'] : idUser === 'late' ? ['tok-late']
          : idUser === 'gone' && position === 3 ? ['tok-gone'] : [];
        if (devices.length > 0) want.set(`outbid-${idUser}-L7-${position}`, devices);
      }
      expect(got.size).toBe(want.size);
      expect(got).toEqual(want);
      // One notification a notice reached, none for the others.
      const notifications = await db.query<{ n: string }>("SELECT count(*) AS n FROM public.push_notifications WHERE id LIKE 'outbid-%'");
      expect(Number(notifications[0]!.n)).toBe(want.size);
    });
  });
}
