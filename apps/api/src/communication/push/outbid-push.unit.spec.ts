import { describe, expect, test } from '@jest/globals';
import type { OutbidPayload } from '@auction/messaging';
import { OutbidPushSink } from './outbid-push.js';
import type { PushNotificationRecord } from './push-outbox.js';

const payload: OutbidPayload = {
  idAuction: 'A1', idLot: 'L7', bestOffer: 12500, yourBestOffer: 12000, position: 42, serverTime: '2026-11-25T08:00:00.000Z',
  lotNumber: 3, licensePlate: 'AB123CD', brand: 'Fiat', model: 'Panda', auctionName: 'Milano',
};

describe('OutbidPushSink', () => {
  test('queues the outbid notice as a push to the outbid dealer, without waiting for it to be recorded', async () => {
    const recorded: [PushNotificationRecord, readonly string[]][] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => { release = resolve; });
    const sink = new OutbidPushSink(async (n, users) => { await slow; recorded.push([n, users]); return 1; }, async (users) => new Set(users), () => 'it', () => 1_000, () => undefined);
    const started = Date.now();
    await sink.publish('user/dealer4/outbid', payload);
    await sink.publish('auction/A1/lot/L7', { any: 1 });
    await sink.publish('user/dealer4/offer', { any: 1 });
    expect(Date.now() - started).toBeLessThan(100);
    expect(recorded).toEqual([]);
    release();
    await sink.idle();
    expect(recorded).toHaveLength(1);
    const [push, users] = recorded[0]!;
    expect(users).toEqual(['dealer4']);
    expect(push).toMatchObject({
      id: 'outbid-dealer4-L7-42', title: 'La tua offerta è stata superata', type: 'outbid', source: 'OUTBID', createdAt: 1_000,
      data: { type: 'outbid', route: '/private', click_action: '/private', idAuction: 'A1', idLot: 'L7', bestOffer: '12500' },
    });
    expect(push.body).toContain('Fiat Panda AB123CD');
  });

  test('a failure to record is logged, and the next notice is still recorded', async () => {
    const warnings: string[] = [];
    let calls = 0;
    const sink = new OutbidPushSink(async () => { calls++; if (calls === 1) throw new Error('db down'); return 1; }, async (users) => new Set(users), () => 'xx', () => 0, (l) => warnings.push(l));
    await sink.publish('user/d1/outbid', payload);
    await sink.publish('user/d2/outbid', { ...payload, position: 43 });
    await sink.idle();
    expect([calls, warnings.length, warnings[0]]).toEqual([2, 1, 'outbid push not recorded: db down']);
  });

  test('a burst of notices asks once which users have a device, and records only theirs (issue 25 item 3)', async () => {
    const lookups: (readonly string[])[] = [];
    const recorded: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => { release = resolve; });
    const sink = new OutbidPushSink(
      async (n) => { await slow; recorded.push(n.id); return 1; },
      async (users) => { lookups.push(users); return new Set(users.filter((u) => u === 'phone')); },
      () => 'en', () => 0, () => undefined,
    );
    // The first notice starts the drain; the burst behind it waits for one lookup.
    await sink.publish('user/phone/outbid', { ...payload, position: 1 });
    for (let i = 2; i <= 200; i++) await sink.publish(`user/${i % 3 === 0 ? 'phone' : `d${i % 7}`}/outbid`, { ...payload, position: i });
    release();
    await sink.idle();
    expect(lookups.map((users) => [...users].sort())).toEqual([['phone'], ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'phone']]);
    expect(recorded).toEqual(['outbid-phone-L7-1', ...Array.from({ length: 199 }, (_, k) => k + 2).filter((i) => i % 3 === 0).map((i) => `outbid-phone-L7-${i}`)]);
  });

  test('when the lookup fails, each notice is recorded on its own (as its recording reads its devices)', async () => {
    const warnings: string[] = [];
    const recorded: string[] = [];
    const sink = new OutbidPushSink(async (n) => { recorded.push(n.id); return 0; }, async () => { throw new Error('db down'); }, () => 'en', () => 0, (l) => warnings.push(l));
    await sink.publish('user/d1/outbid', payload);
    await sink.idle();
    expect([recorded, warnings]).toEqual([['outbid-d1-L7-42'], ['devices of outbid pushes not looked up (each is recorded on its own): db down']]);
  });
});
