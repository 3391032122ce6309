import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveCredentials } from '@auction/contracts';
import type { AuctionApi } from '../features/auctions/auction-api.js';
import { LiveHub } from './live-hub.js';
import { LIVE_RENEWAL_OVERLAP_MS } from './mqtt-broker.actor.js';

/** A stand-in for an mqtt.js client: records what the actor does with it; the test plays the broker. */
class FakeClient extends EventEmitter {
  connected = false;
  ended = false;
  readonly subscribed: string[][] = [];
  readonly subscribeOptions: unknown[] = [];
  constructor(readonly url: string, readonly options: { username: string; password: string; clean?: boolean }) {
    super();
  }
  subscribe(topics: string[], options: unknown, done: () => void) {
    this.subscribed.push(topics);
    this.subscribeOptions.push(options);
    queueMicrotask(done);
  }
  unsubscribe(_topics: string[], done: () => void) {
    queueMicrotask(done);
  }
  end() {
    if (this.ended) return;
    this.ended = true;
    this.connected = false;
    this.emit('close');
  }
  /** The broker accepts the CONNECT. */
  accept() {
    this.connected = true;
    this.emit('connect');
  }
  deliver(topic: string, payload: unknown) {
    this.emit('message', topic, Buffer.from(JSON.stringify(payload)));
  }
  /** The server clears a retained topic: an empty payload. */
  clearRetained(topic: string) {
    this.emit('message', topic, Buffer.alloc(0));
  }
}

const clients: FakeClient[] = [];
vi.mock('mqtt', () => ({
  default: { connect: (url: string, options: { username: string; password: string }) => { const c = new FakeClient(url, options); clients.push(c); return c; } },
}));

const TTL_S = 600;

function credentialsApi() {
  let issued = 0;
  const liveCredentials = vi.fn(async (): Promise<LiveCredentials> => {
    issued++;
    return { username: 'dealer1', password: `live-${issued}`, path: '/mqtt', expiresAt: new Date(Date.now() + TTL_S * 1000).toISOString(), expiresIn: TTL_S };
  });
  return { api: { liveCredentials } as unknown as AuctionApi, liveCredentials };
}

describe('the MQTT broker actor in the live hub: a cleared retained topic', () => {
  beforeEach(() => {
    clients.length = 0;
    vi.stubGlobal('location', { protocol: 'http:', host: 'localhost:3000' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('takes an empty payload quietly: the screens keep the final state, a late screen gets no replay of it', async () => {
    const { api } = credentialsApi();
    const hub = new LiveHub(api, undefined, null);
    const seen: unknown[] = [];
    hub.subscribe('auction/a1/lot/+', (_topic, payload) => seen.push(payload));
    hub.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const client = clients[0]!;
    client.accept();
    await new Promise((resolve) => setTimeout(resolve, 0));
    client.deliver('auction/a1/lot/l1', { status: 'AWA', position: 9 });
    client.clearRetained('auction/a1/lot/l1');
    expect(seen).toEqual([{ status: 'AWA', position: 9 }]);
    expect(console.warn).not.toHaveBeenCalled();
    expect(hub.status.get()).toBe('connected');
    // Before the clear, a second screen on the same filter got the last state replayed; after it, nothing.
    const late: unknown[] = [];
    hub.subscribe('auction/a1/lot/+', (_topic, payload) => late.push(payload));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(late).toEqual([]);
    hub.stop();
  });
});

describe('the MQTT broker actor in the live hub: live token renewal', () => {
  beforeEach(() => {
    clients.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.stubGlobal('location', { protocol: 'http:', host: 'localhost:3000' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('connects with a new live token before the old one expires, subscribes every topic on it, then closes the old connection', async () => {
    const { api, liveCredentials } = credentialsApi();
    const hub = new LiveHub(api, undefined, null);
    const seen: unknown[] = [];
    hub.subscribe('auction/a1/lot/+', (_topic, payload) => seen.push(payload));
    hub.subscribe('user/u1/outbid', (_topic, payload) => seen.push(payload));
    const statuses: string[] = [];
    hub.status.subscribe(() => statuses.push(hub.status.get()));
    hub.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(clients).toHaveLength(1);
    const first = clients[0]!;
    expect(first.url).toBe('ws://localhost:3000/mqtt');
    expect(first.options).toMatchObject({ username: 'dealer1', password: 'live-1' });
    first.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.status.get()).toBe('connected');
    expect(first.subscribed).toEqual([['auction/a1/lot/+', 'user/u1/outbid']]);

    // Nothing changes during the first three quarters of the token's 10 minutes.
    await vi.advanceTimersByTimeAsync(449_000);
    expect(liveCredentials).toHaveBeenCalledTimes(1);
    expect(clients).toHaveLength(1);

    // 7.5 minutes in, well before the expiry: new credentials, a second connection with the new token.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(liveCredentials).toHaveBeenCalledTimes(2);
    expect(clients).toHaveLength(2);
    const second = clients[1]!;
    expect(second.options).toMatchObject({ username: 'dealer1', password: 'live-2' });
    // The old connection still delivers until the new one is subscribed.
    expect(first.ended).toBe(false);
    first.deliver('auction/a1/lot/l1', { position: 1 });
    second.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.subscribed).toEqual([['auction/a1/lot/+', 'user/u1/outbid']]);
    second.deliver('user/u1/outbid', { position: 2 });
    // The old connection stays a while: a notice sent to it just before (held on a poor link) still arrives, and a
    // message both deliver is shown once.
    first.deliver('user/u1/outbid', { position: 3 });
    second.deliver('user/u1/outbid', { position: 3 });
    second.deliver('user/u1/outbid', { position: 2 });
    expect(first.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(LIVE_RENEWAL_OVERLAP_MS);
    expect(first.ended).toBe(true);
    expect(seen).toEqual([{ position: 1 }, { position: 2 }, { position: 3 }]);
    // No loss was reported: the page never saw the connection drop.
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(console.warn).not.toHaveBeenCalled();

    // A topic wanted after the renewal goes to the new connection; the next renewal comes 7.5 minutes later.
    hub.subscribe('auction/a2', () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(second.subscribed.at(-1)).toEqual(['auction/a2']);
    await vi.advanceTimersByTimeAsync(450_000);
    expect(clients).toHaveLength(3);
    expect(clients[2]!.options.password).toBe('live-3');
    hub.stop();
    expect(clients.every((c) => c.ended)).toBe(true);
    // Every connection is a clean session and every subscription asks QoS 0: with nothing kept across connections, QoS 1
    // would redeliver nothing, and its PUBACKs cost the broker one read per page and message.
    expect(clients.map((c) => c.options.clean)).toEqual([true, true, true]);
    expect(clients.flatMap((c) => c.subscribeOptions)).toEqual(clients.flatMap((c) => c.subscribed).map(() => ({ qos: 0 })));
    expect(clients.flatMap((c) => c.subscribed)).toHaveLength(3);
  });

  it('keeps the current connection when a renewal fails, and tries again', async () => {
    const { api, liveCredentials } = credentialsApi();
    const hub = new LiveHub(api, undefined, null);
    hub.start();
    await vi.advanceTimersByTimeAsync(0);
    clients[0]!.accept();
    await vi.advanceTimersByTimeAsync(0);
    liveCredentials.mockRejectedValueOnce(new Error('HTTP 503'));
    await vi.advanceTimersByTimeAsync(450_000);
    expect(liveCredentials).toHaveBeenCalledTimes(2);
    expect(clients).toHaveLength(1);
    expect(clients[0]!.ended).toBe(false);
    expect(hub.status.get()).toBe('connected');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(clients).toHaveLength(2);
    clients[1]!.accept();
    await vi.advanceTimersByTimeAsync(LIVE_RENEWAL_OVERLAP_MS);
    expect(clients[0]!.ended).toBe(true);
    expect(hub.status.get()).toBe('connected');
    hub.stop();
  });
});
