import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import type { AuctionApi } from '../features/auctions/auction-api.js';
import { LiveHub } from './live-hub.js';

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
    expect(broker.commands).toEqual([{ type: 'subscribe', topics: ['auction/a1/lot/+'] }]);
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
    expect(broker.commands).toEqual([{ type: 'subscribe', topics: ['auction/a1'] }]);
    expect(replayed).toEqual([{ status: 'RUN', position: 7 }]);
    hub.stop();
  });

  it('sends the topics wanted before the connection once it is up', () => {
    const broker = fakeBroker();
    const hub = new LiveHub({} as AuctionApi, broker.actor as never);
    hub.subscribe('user/u1/outbid', () => undefined);
    expect(broker.commands).toEqual([]);
    hub.start();
    expect(broker.commands.flatMap((c) => c.topics)).toEqual(['user/u1/outbid']);
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
