import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import type { AuctionApi } from '../features/auctions/auction-api.js';
import { LIVE_HEARTBEAT_TIMEOUT_MS, LiveHub } from './live-hub.js';

type Command = { type: 'subscribe' | 'unsubscribe'; topics: string[] };

/** A stand-in for the MQTT broker actor: connects at once, records commands, lets the test push messages. */
function fakeBroker() {
  const commands: Command[] = [];
  let push: ((topic: string, payload: unknown) => void) | null = null;
  const actor = fromCallback<Command, { attempt: number }>(({ sendBack, receive }) => {
    receive((command) => commands.push(command));
    push = (topic, payload) => sendBack({ type: 'broker.message', topic, payload });
    sendBack({ type: 'broker.connected' });
    return () => undefined;
  });
  return { actor, commands, push: (topic: string, payload: unknown) => push!(topic, payload) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A hub started on a {@link fakeBroker}. */
function startedHub() {
  const broker = fakeBroker();
  const hub = new LiveHub({} as AuctionApi, broker.actor as never);
  hub.start();
  return { broker, hub };
}

describe('LiveHub', () => {
  it('subscribes a filter once, dispatches matching messages, and unsubscribes after the last handler leaves', async () => {
    const broker = fakeBroker();
    const hub = new LiveHub({} as AuctionApi, broker.actor as never);
    hub.start();
    const seen: string[] = [];
    const off1 = hub.subscribe('auction/a1/lot/+', (topic) => seen.push(`1 ${topic}`));
    const off2 = hub.subscribe('auction/a1/lot/+', (topic) => seen.push(`2 ${topic}`));
    broker.push('auction/a1/lot/l1', { position: 1 });
    broker.push('auction/a2/lot/l1', { position: 2 });
    expect(seen).toEqual(['1 auction/a1/lot/l1', '2 auction/a1/lot/l1']);
    expect(broker.commands).toEqual([{ type: 'subscribe', topics: ['server/clock'] }, { type: 'subscribe', topics: ['auction/a1/lot/+'] }]);
    off1();
    off2();
    await tick();
    expect(broker.commands.at(-1)).toEqual({ type: 'unsubscribe', topics: ['auction/a1/lot/+'] });
    expect(hub.status.get()).toBe('connected');
    hub.stop();
    expect(hub.status.get()).toBe('stopped');
  });

  it('keeps the broker subscription when a screen re-subscribes at once, and replays the last retained state', async () => {
    const broker = fakeBroker();
    const hub = new LiveHub({} as AuctionApi, broker.actor as never);
    hub.start();
    const off = hub.subscribe('auction/a1', () => undefined);
    broker.push('auction/a1', { status: 'RUN', position: 7 });
    off();
    const replayed: unknown[] = [];
    hub.subscribe('auction/a1', (_topic, payload) => replayed.push(payload));
    await tick();
    expect(broker.commands).toEqual([{ type: 'subscribe', topics: ['server/clock'] }, { type: 'subscribe', topics: ['auction/a1'] }]);
    expect(replayed).toEqual([{ status: 'RUN', position: 7 }]);
    hub.stop();
  });

  it('forgets a topic cleared by the server (null payload) instead of replaying its last state', async () => {
    const broker = fakeBroker();
    const hub = new LiveHub({} as AuctionApi, broker.actor as never);
    hub.start();
    const seen: unknown[] = [];
    hub.subscribe('auction/a1/lot/+', (_topic, payload) => seen.push(payload));
    broker.push('auction/a1/lot/l1', { status: 'CLD', position: 4 });
    broker.push('auction/a1/lot/l2', { status: 'RUN', position: 5 });
    broker.push('auction/a1/lot/l1', null);
    expect(seen).toEqual([{ status: 'CLD', position: 4 }, { status: 'RUN', position: 5 }]);
    const replayed: unknown[] = [];
    hub.subscribe('auction/a1/lot/+', (_topic, payload) => replayed.push(payload));
    await tick();
    expect(replayed).toEqual([{ status: 'RUN', position: 5 }]);
    hub.stop();
  });

  it('dispatches a message once when two connections deliver it (a live token renewal) or two filters match it', () => {
    const { broker, hub } = startedHub();
    const notices: unknown[] = [];
    const lots: unknown[] = [];
    hub.subscribe('user/u1/outbid', (_topic, payload) => notices.push(payload));
    hub.subscribe('auction/a1/lot/+', (_topic, payload) => lots.push(payload));
    // The old connection delivers two notices (two auctions, written by two instances: positions out of order), then
    // the new one, subscribed before the old one closed, delivers the same two.
    broker.push('user/u1/outbid', { idLot: 'l1', position: 12 });
    broker.push('user/u1/outbid', { idLot: 'l9', position: 11 });
    broker.push('auction/a1/lot/l1', { bestOffer: 500, position: 12 });
    broker.push('user/u1/outbid', { idLot: 'l1', position: 12 });
    broker.push('user/u1/outbid', { idLot: 'l9', position: 11 });
    broker.push('auction/a1/lot/l1', { bestOffer: 500, position: 12 });
    // A later notice on the same topic still comes, and one older than the newest (another instance's) too.
    broker.push('user/u1/outbid', { idLot: 'l1', position: 14 });
    broker.push('user/u1/outbid', { idLot: 'l7', position: 13 });
    expect(notices).toEqual([
      { idLot: 'l1', position: 12 }, { idLot: 'l9', position: 11 }, { idLot: 'l1', position: 14 }, { idLot: 'l7', position: 13 },
    ]);
    expect(lots).toEqual([{ bestOffer: 500, position: 12 }]);
    hub.stop();
  });

  it('passes the retained state again to a filter subscribed again, and after the hub restarts', async () => {
    const { broker, hub } = startedHub();
    const states: unknown[] = [];
    const retained = { status: 'RUN', position: 7 };
    const off = hub.subscribe('auction/a1', (_topic, payload) => states.push(payload));
    broker.push('auction/a1', retained);
    off();
    await tick();
    // Given up, then wanted again: the broker's retained copy is the new handler's only state.
    hub.subscribe('auction/a1', (_topic, payload) => states.push(payload));
    broker.push('auction/a1', retained);
    hub.stop();
    hub.start();
    broker.push('auction/a1', retained);
    expect(states).toEqual([retained, retained, retained]);
    hub.stop();
  });

  it('sends the topics wanted before the connection once it is up', () => {
    const broker = fakeBroker();
    const hub = new LiveHub({} as AuctionApi, broker.actor as never);
    hub.subscribe('user/u1/outbid', () => undefined);
    expect(broker.commands).toEqual([]);
    hub.start();
    expect(broker.commands.flatMap((c) => c.topics)).toEqual(['server/clock', 'user/u1/outbid']);
    hub.stop();
  });

  it('a page with live auction data survives a lost server: it shows the server lost, stale, until it answers (#21 item 15)', () => {
    const broker = fakeBroker();
    const hub = new LiveHub({} as AuctionApi, broker.actor as never);
    hub.start();
    const offOutbid = hub.subscribe('user/u1/outbid', () => undefined);
    // The outbid notices every dealer page listens to do not make a page a live one.
    expect(hub.showsLiveData()).toBe(false);
    const off = hub.subscribe('auction/a1/lot/+', () => undefined);
    expect(hub.showsLiveData()).toBe(true);
    hub.serverLost();
    expect(hub.status.get()).toBe('unreachable');
    expect(hub.stale.get()).toBe(true);
    off();
    offOutbid();
    hub.stop();
    expect(hub.showsLiveData()).toBe(false);
  });
});

describe('LiveHub: the server\'s clock tick (#21 item 15)', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('hands each tick\'s time to its listeners, and shows a frozen server lost and stale within 3 s of the last message', () => {
    vi.useFakeTimers();
    const broker = fakeBroker();
    const hub = new LiveHub({} as AuctionApi, broker.actor as never);
    const ticks: number[] = [];
    hub.onTick((epochMs) => ticks.push(epochMs));
    hub.start();
    const seen: unknown[] = [];
    hub.subscribe('auction/a1', (_topic, payload) => seen.push(payload));
    for (let i = 1; i <= 10; i++) {
      vi.advanceTimersByTime(1_000);
      broker.push('server/clock', { epochMs: i });
    }
    expect(ticks).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(seen).toEqual([]);
    expect(hub.status.get()).toBe('connected');
    expect(LIVE_HEARTBEAT_TIMEOUT_MS).toBe(3_000);
    vi.advanceTimersByTime(LIVE_HEARTBEAT_TIMEOUT_MS - 1);
    expect(hub.stale.get()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(hub.status.get()).toBe('unreachable');
    expect(hub.stale.get()).toBe(true);
    hub.stop();
  });
});
