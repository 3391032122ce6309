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

  test('a burst of notices asks once which users have a device, records only theirs, and asks once more for the others (issue 25 item 3)', async () => {
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
    expect(lookups.map((users) => [...users].sort())).toEqual([['phone'], ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'phone'], ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6']]);
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

describe('OutbidPushSink: devices registered or removed while a batch is recorded', () => {
  /**
   * A device store read as the real recording reads it (the devices of the notice's user when it is recorded). The
   * first notice's recording waits for `release`, so that the notices published behind it form one batch.
   */
  function sinkOver(devices: Set<string>, during: (id: string) => void) {
    const recorded: string[] = [];
    const lookups: (readonly string[])[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const sink = new OutbidPushSink(
      async (n, users) => { await gate; during(n.id); await Promise.resolve(); if (users.some((u) => devices.has(u))) recorded.push(n.id); return 1; },
      async (users) => { lookups.push(users); return new Set(users.filter((u) => devices.has(u))); },
      () => 'en', () => 0, () => undefined,
    );
    return { sink, recorded, lookups, release: () => release() };
  }

  test.each([
    {
      name: 'a device registered after its batch was looked up, before its notice is recorded, still gets the push (as when each notice read its devices)',
      devices: ['phone'], users: ['phone', 'phone', 'late', 'late'], change: (devices: Set<string>) => devices.add('late'),
      recorded: ['outbid-phone-L7-1', 'outbid-phone-L7-2', 'outbid-late-L7-3', 'outbid-late-L7-4'],
    },
    {
      name: 'a device removed after the lookup gets nothing, and users without a device get nothing',
      devices: ['phone', 'gone'], users: ['phone', 'phone', 'gone', 'none'], change: (devices: Set<string>) => devices.delete('gone'),
      recorded: ['outbid-phone-L7-1', 'outbid-phone-L7-2'],
    },
  ])('$name', async ({ devices: initial, users, change, recorded: expected }) => {
    const devices = new Set(initial);
    // The devices change while the second notice is being recorded, after its batch's lookup.
    const { sink, recorded, release } = sinkOver(devices, (id) => { if (id === 'outbid-phone-L7-2') change(devices); });
    for (const [i, user] of users.entries()) await sink.publish(`user/${user}/outbid`, { ...payload, position: i + 1 });
    release();
    await sink.idle();
    expect(recorded).toEqual(expected);
  });

  test('1,202 notices behind one: batches of at most 500, one push per notice of a user with a device, in order, none for the others', async () => {
    const devices = new Set(['u0', 'u2']);
    const { sink, recorded, lookups, release } = sinkOver(devices, () => undefined);
    for (let i = 1; i <= 1_202; i++) await sink.publish(`user/u${i % 4}/outbid`, { ...payload, position: i });
    release();
    await sink.idle();
    const expected = Array.from({ length: 1_202 }, (_, k) => k + 1).filter((i) => i % 4 === 0 || i % 4 === 2).map((i) => `outbid-u${i % 4}-L7-${i}`);
    expect(recorded).toEqual(expected);
    // The first notice alone, then 500, 500 and 201 (a batch with users left out may ask once more for those: see outbid-push.ts).
    expect(lookups.filter((users) => users.length === 4).length).toBe(3);
  });
});
