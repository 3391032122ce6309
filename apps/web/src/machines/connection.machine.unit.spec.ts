import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback } from 'xstate';
import { SERVER_PROBE_MAX_MS, connectionBackoffMs } from './backoff.js';
import { connectionMachine, type BrokerCommand, type BrokerEvent, type BrokerInput, type ConnectionInput } from './connection.machine.js';

interface FakeSocket {
  attempt: number;
  received: BrokerCommand[];
  closed: boolean;
  send(event: BrokerEvent): void;
}

function start(input: ConnectionInput = {}) {
  const sockets: FakeSocket[] = [];
  const broker = fromCallback<BrokerCommand, BrokerInput>(({ input: brokerInput, sendBack, receive }) => {
    const socket: FakeSocket = { attempt: brokerInput.attempt, received: [], closed: false, send: (e) => sendBack(e) };
    sockets.push(socket);
    receive((command) => socket.received.push(command));
    return () => { socket.closed = true; };
  });
  const clock = new SimulatedClock();
  const logs: string[] = [];
  const actor = createActor(connectionMachine.provide({ actors: { broker } }), {
    input, clock, logger: (...args: unknown[]) => logs.push(args.map(String).join(' ')),
  });
  const messages: { topic: string; payload: unknown }[] = [];
  const statuses: string[] = [];
  const ticks: unknown[] = [];
  actor.on('message', (e) => messages.push({ topic: e.topic, payload: e.payload }));
  actor.on('tick', (e) => ticks.push(e.payload));
  actor.on('status', (e) => statuses.push(e.status));
  actor.start();
  const socket = () => sockets[sockets.length - 1]!;
  return { actor, clock, sockets, socket, logs, messages, statuses, ticks };
}

describe('connectionMachine', () => {
  it('starts connecting (spinner) and keeps the same socket when it connects', () => {
    const h = start();
    expect(h.actor.getSnapshot().matches({ online: 'connecting' })).toBe(true);
    expect(h.socket().attempt).toBe(0);
    h.socket().send({ type: 'broker.connected' });
    expect(h.actor.getSnapshot().matches({ online: 'connected' })).toBe(true);
    expect(h.sockets).toHaveLength(1);
    expect(h.socket().closed).toBe(false);
    expect(h.statuses).toEqual(['connecting', 'connected']);
  });

  it('goes through disconnected (logged) to retrying on loss and reconnects after the back-off', () => {
    const h = start();
    h.socket().send({ type: 'broker.connected' });
    h.socket().send({ type: 'broker.lost', error: 'socket closed' });
    expect(h.actor.getSnapshot().value).toBe('retrying');
    expect(h.sockets[0]!.closed).toBe(true);
    expect(h.statuses).toEqual(['connecting', 'connected', 'disconnected', 'retrying']);
    expect(h.logs.join('\n')).toContain('socket closed');
    expect(h.actor.getSnapshot().context.lastError).toBe('socket closed');
    h.clock.increment(499);
    expect(h.actor.getSnapshot().value).toBe('retrying');
    h.clock.increment(1);
    expect(h.actor.getSnapshot().matches({ online: 'connecting' })).toBe(true);
    expect(h.sockets).toHaveLength(2);
    expect(h.socket().attempt).toBe(1);
  });

  it('a loss while still connecting also retries; the back-off grows and is capped', () => {
    const h = start({ maxBackoffMs: 3000 });
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      h.socket().send({ type: 'broker.lost' });
      expect(h.actor.getSnapshot().value).toBe('retrying');
      let waited = 0;
      while (h.actor.getSnapshot().value === 'retrying') { h.clock.increment(100); waited += 100; }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 3000, 3000, 3000]);
    expect(h.sockets.map((s) => s.attempt)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(h.actor.getSnapshot().context.lastError).toBe('connection lost');
  });

  it('caps the back-off at 30 s by default', () => {
    expect([0, 1, 5, 6, 20].map((a) => connectionBackoffMs(a, 30_000))).toEqual([500, 1000, 16_000, 30_000, 30_000]);
    const h = start();
    for (let i = 0; i < 6; i++) { h.socket().send({ type: 'broker.lost' }); h.clock.increment(connectionBackoffMs(i, 30_000)); }
    h.socket().send({ type: 'broker.lost' });
    h.clock.increment(29_999);
    expect(h.actor.getSnapshot().value).toBe('retrying');
    h.clock.increment(1);
    expect(h.actor.getSnapshot().matches({ online: 'connecting' })).toBe(true);
  });

  it('resets the attempt on connect', () => {
    const h = start();
    h.socket().send({ type: 'broker.lost' });
    h.clock.increment(500);
    h.socket().send({ type: 'broker.lost' });
    h.clock.increment(1000);
    expect(h.socket().attempt).toBe(2);
    h.socket().send({ type: 'broker.connected' });
    expect(h.actor.getSnapshot().context.attempt).toBe(0);
    h.socket().send({ type: 'broker.lost' });
    h.clock.increment(500);
    expect(h.actor.getSnapshot().matches({ online: 'connecting' })).toBe(true);
  });

  it('only remembers topics while not connected and subscribes the whole set in one message on connect', () => {
    const h = start();
    h.actor.send({ type: 'topic.subscribe', topics: ['auction/a1'] });
    h.socket().send({ type: 'broker.lost' });
    h.actor.send({ type: 'topic.subscribe', topics: ['auction/a1/lot/+', 'auction/a1'] });
    expect(h.actor.getSnapshot().context.topics).toEqual(['auction/a1', 'auction/a1/lot/+']);
    expect(h.sockets[0]!.received).toEqual([]);
    h.clock.increment(500);
    expect(h.socket().received).toEqual([]);
    h.socket().send({ type: 'broker.connected' });
    expect(h.socket().received).toEqual([{ type: 'subscribe', topics: ['auction/a1', 'auction/a1/lot/+'] }]);
  });

  it('sends nothing on connect when no topic is wanted', () => {
    const h = start();
    h.socket().send({ type: 'broker.connected' });
    expect(h.socket().received).toEqual([]);
  });

  it('forwards new subscriptions while connected, once per topic', () => {
    const h = start();
    h.socket().send({ type: 'broker.connected' });
    h.actor.send({ type: 'topic.subscribe', topics: ['t1', 't2'] });
    h.actor.send({ type: 'topic.subscribe', topics: ['t2'] });
    h.actor.send({ type: 'topic.subscribe', topics: ['t2', 't3'] });
    expect(h.socket().received).toEqual([
      { type: 'subscribe', topics: ['t1', 't2'] },
      { type: 'subscribe', topics: ['t3'] },
    ]);
    expect(h.actor.getSnapshot().context.topics).toEqual(['t1', 't2', 't3']);
  });

  it('forwards unsubscribe only while connected; otherwise only forgets the topic', () => {
    const h = start();
    h.actor.send({ type: 'topic.subscribe', topics: ['t1', 't2', 't3'] });
    h.actor.send({ type: 'topic.unsubscribe', topics: ['t3'] });
    h.socket().send({ type: 'broker.connected' });
    h.actor.send({ type: 'topic.unsubscribe', topics: ['t1', 'unknown'] });
    h.actor.send({ type: 'topic.unsubscribe', topics: ['unknown'] });
    expect(h.socket().received).toEqual([
      { type: 'subscribe', topics: ['t1', 't2'] },
      { type: 'unsubscribe', topics: ['t1'] },
    ]);
    h.socket().send({ type: 'broker.lost' });
    h.actor.send({ type: 'topic.unsubscribe', topics: ['t2'] });
    expect(h.sockets[0]!.received).toHaveLength(2);
    expect(h.actor.getSnapshot().context.topics).toEqual([]);
    h.clock.increment(500);
    h.socket().send({ type: 'broker.connected' });
    expect(h.socket().received).toEqual([]);
  });

  it('emits every broker message', () => {
    const h = start();
    h.socket().send({ type: 'broker.connected' });
    h.socket().send({ type: 'broker.message', topic: 'auction/a1', payload: { status: 'RUN' } });
    h.socket().send({ type: 'broker.message', topic: 'auction/a1/lot/l1', payload: { position: 3 } });
    expect(h.messages).toEqual([
      { topic: 'auction/a1', payload: { status: 'RUN' } },
      { topic: 'auction/a1/lot/l1', payload: { position: 3 } },
    ]);
  });

  it('stops from connected: the socket closes and the actor is done', () => {
    const h = start();
    h.socket().send({ type: 'broker.connected' });
    h.actor.send({ type: 'connection.stop' });
    expect(h.actor.getSnapshot().value).toBe('stopped');
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.socket().closed).toBe(true);
    expect(h.statuses.at(-1)).toBe('stopped');
  });

  it('stops while connecting', () => {
    const h = start();
    h.actor.send({ type: 'connection.stop' });
    expect(h.actor.getSnapshot().value).toBe('stopped');
    expect(h.socket().closed).toBe(true);
  });

  it('stops from retrying: no reconnect afterwards', () => {
    const h = start();
    h.socket().send({ type: 'broker.lost' });
    h.actor.send({ type: 'connection.stop' });
    h.clock.increment(60_000);
    expect(h.actor.getSnapshot().value).toBe('stopped');
    expect(h.sockets).toHaveLength(1);
  });

  it('treats a broker that fails to start as a loss (the default broker always does)', () => {
    const clock = new SimulatedClock();
    const actor = createActor(connectionMachine, { input: {}, clock, logger: () => undefined });
    actor.start();
    expect(actor.getSnapshot().value).toBe('retrying');
    expect(actor.getSnapshot().context.lastError).toContain('provide the broker');
    clock.increment(500);
    expect(actor.getSnapshot().value).toBe('retrying');
    expect(actor.getSnapshot().context.attempt).toBe(1);
  });

  describe('live token renewal', () => {
    const TEN_MINUTES = 600_000;
    const statusesSince = (h: ReturnType<typeof start>, from: number) => h.statuses.slice(from);

    it('renews before the token expires, on the same connection state, with every wanted topic', () => {
      const h = start();
      h.actor.send({ type: 'topic.subscribe', topics: ['auction/a1', 'user/u1/outbid'] });
      h.socket().send({ type: 'broker.connected', expiresInMs: TEN_MINUTES });
      const before = h.statuses.length;
      h.clock.increment(449_999);
      expect(h.socket().received.filter((c) => c.type === 'renew')).toEqual([]);
      h.clock.increment(1);
      // 7.5 minutes in: 2.5 minutes before the token expires, the broker is asked for a new connection.
      expect(h.socket().received.at(-1)).toEqual({ type: 'renew', topics: ['auction/a1', 'user/u1/outbid'] });
      expect(h.actor.getSnapshot().matches({ online: { connected: { renewal: 'renewing' } } })).toBe(true);
      // Topics wanted meanwhile still reach the broker (its queue applies them to the new connection).
      h.actor.send({ type: 'topic.subscribe', topics: ['auction/a2'] });
      expect(h.socket().received.at(-1)).toEqual({ type: 'subscribe', topics: ['auction/a2'] });
      h.socket().send({ type: 'broker.renewed', expiresInMs: TEN_MINUTES });
      expect(h.actor.getSnapshot().matches({ online: { connected: { renewal: 'waiting' } } })).toBe(true);
      // The same broker actor: no reconnect, no spinner, no status change.
      expect(h.sockets).toHaveLength(1);
      expect(h.socket().closed).toBe(false);
      expect(statusesSince(h, before)).toEqual([]);
      // The next renewal is counted from the new token.
      h.clock.increment(449_999);
      expect(h.socket().received.filter((c) => c.type === 'renew')).toHaveLength(1);
      h.clock.increment(1);
      expect(h.socket().received.at(-1)).toEqual({ type: 'renew', topics: ['auction/a1', 'user/u1/outbid', 'auction/a2'] });
    });

    it('retries a failed renewal every 5 s while the connection lasts, and reconnects as usual once it is lost', () => {
      const h = start();
      h.socket().send({ type: 'broker.connected', expiresInMs: 60_000 });
      h.clock.increment(45_000);
      expect(h.socket().received).toEqual([{ type: 'renew', topics: [] }]);
      h.socket().send({ type: 'broker.renewFailed', error: 'HTTP 503' });
      expect(h.logs.join('\n')).toContain('HTTP 503');
      h.clock.increment(4_999);
      expect(h.socket().received).toHaveLength(1);
      h.clock.increment(1);
      expect(h.socket().received).toHaveLength(2);
      // The token expired before a renewal succeeded: the server closed the connection.
      h.socket().send({ type: 'broker.lost', error: 'closed' });
      expect(h.actor.getSnapshot().value).toBe('retrying');
      h.clock.increment(500);
      expect(h.sockets).toHaveLength(2);
      h.socket().send({ type: 'broker.connected', expiresInMs: 600_000 });
      expect(h.actor.getSnapshot().context.renewInMs).toBe(450_000);
    });

    it('does not renew credentials that do not expire', () => {
      const h = start();
      h.socket().send({ type: 'broker.connected' });
      h.clock.increment(24 * 3600_000);
      expect(h.socket().received).toEqual([]);
      expect(h.actor.getSnapshot().matches({ online: { connected: { renewal: 'live' } } })).toBe(true);
    });
  });
});

describe('connectionMachine: the browser online and offline', () => {
  it('goes offline at once on the browser offline event (the broker is closed) and connects at once when back', () => {
    const h = start();
    h.socket().send({ type: 'broker.connected' });
    h.actor.send({ type: 'connection.offline' });
    expect(h.actor.getSnapshot().value).toBe('offline');
    expect(h.sockets[0]!.closed).toBe(true);
    h.clock.increment(60_000);
    expect(h.sockets).toHaveLength(1);
    h.actor.send({ type: 'connection.online' });
    expect(h.actor.getSnapshot().matches({ online: 'connecting' })).toBe(true);
    expect(h.sockets).toHaveLength(2);
    expect(h.socket().attempt).toBe(0);
    expect(h.statuses).toEqual(['connecting', 'connected', 'offline', 'connecting']);
  });

  it('online while waiting for the back-off connects without waiting; retrying tells when it retries', () => {
    const h = start();
    const retries: (number | undefined)[] = [];
    h.actor.on('status', (e) => { if (e.status === 'retrying') retries.push(e.retryInMs); });
    h.socket().send({ type: 'broker.lost', error: 'refused' });
    h.clock.increment(500);
    h.socket().send({ type: 'broker.lost', error: 'refused' });
    expect(h.actor.getSnapshot().value).toBe('retrying');
    expect(retries).toEqual([connectionBackoffMs(0, 30_000), connectionBackoffMs(1, 30_000)]);
    h.actor.send({ type: 'connection.online' });
    expect(h.actor.getSnapshot().matches({ online: 'connecting' })).toBe(true);
    expect(h.sockets).toHaveLength(3);
  });
});

describe('connectionMachine: the server lost (issue 21 item 15)', () => {
  it('a connection that cannot reach the server is "unreachable", probes it every few seconds and connects when it answers', () => {
    const h = start();
    h.socket().send({ type: 'broker.connected' });
    h.socket().send({ type: 'broker.lost', error: 'closed' });
    h.clock.increment(500);
    // The credentials call of the new attempt finds no server.
    h.socket().send({ type: 'broker.unreachable', error: 'the server cannot be reached' });
    expect(h.actor.getSnapshot().value).toBe('unreachable');
    expect(h.statuses).toEqual(['connecting', 'connected', 'disconnected', 'retrying', 'connecting', 'unreachable']);
    for (let i = 0; i < 10; i++) {
      h.clock.increment(SERVER_PROBE_MAX_MS);
      expect(h.actor.getSnapshot().matches({ online: 'connecting' })).toBe(true);
      h.socket().send({ type: 'broker.unreachable' });
    }
    // 20 s of outage: never more than SERVER_PROBE_MAX_MS between probes, so the page catches up within seconds.
    h.clock.increment(SERVER_PROBE_MAX_MS);
    h.socket().send({ type: 'broker.connected' });
    expect(h.actor.getSnapshot().matches({ online: 'connected' })).toBe(true);
    expect(h.statuses.at(-1)).toBe('connected');
    expect(h.actor.getSnapshot().context.attempt).toBe(0);
  });

  it('a failed API call while connected (connection.serverLost) closes the broker and shows the server lost at once', () => {
    const h = start();
    h.socket().send({ type: 'broker.connected' });
    h.actor.send({ type: 'connection.serverLost' });
    expect(h.actor.getSnapshot().value).toBe('unreachable');
    expect(h.sockets[0]!.closed).toBe(true);
    expect(h.statuses.at(-1)).toBe('unreachable');
  });

  it('the browser going offline while the server is lost is offline; online probes at once', () => {
    const h = start();
    h.socket().send({ type: 'broker.unreachable' });
    h.actor.send({ type: 'connection.offline' });
    expect(h.actor.getSnapshot().value).toBe('offline');
    h.actor.send({ type: 'connection.online' });
    expect(h.actor.getSnapshot().matches({ online: 'connecting' })).toBe(true);
  });

  it('the user asking to reconnect while the server is lost probes at once', () => {
    const h = start();
    h.socket().send({ type: 'broker.unreachable' });
    h.actor.send({ type: 'connection.online' });
    expect(h.actor.getSnapshot().matches({ online: 'connecting' })).toBe(true);
    expect(h.sockets).toHaveLength(2);
  });
});

describe('connectionMachine: a frozen server, told by its missing clock tick (issue 21 item 15)', () => {
  const heartbeat = { topic: 'server/clock', timeoutMs: 3_000 };
  const tick = (h: ReturnType<typeof start>, epochMs = 1) => h.socket().send({ type: 'broker.message', topic: 'server/clock', payload: { epochMs } });

  it('subscribes the tick with the topics, and shows the server lost once no tick came for the timeout', () => {
    const h = start({ heartbeat });
    h.actor.send({ type: 'topic.subscribe', topics: ['auction/a1'] });
    h.socket().send({ type: 'broker.connected' });
    expect(h.socket().received).toEqual([{ type: 'subscribe', topics: ['auction/a1', 'server/clock'] }]);
    // A minute of ticks, once a second: connected all along.
    for (let i = 0; i < 60; i++) { h.clock.increment(1_000); tick(h, i); }
    expect(h.actor.getSnapshot().matches({ online: 'connected' })).toBe(true);
    expect(h.ticks).toHaveLength(60);
    expect(h.ticks[59]).toEqual({ epochMs: 59 });
    // The server freezes: its socket stays open, nothing comes any more.
    h.clock.increment(2_999);
    expect(h.actor.getSnapshot().matches({ online: 'connected' })).toBe(true);
    h.clock.increment(1);
    expect(h.actor.getSnapshot().value).toBe('unreachable');
    expect(h.sockets[0]!.closed).toBe(true);
    expect(h.statuses.at(-1)).toBe('unreachable');
    expect(h.actor.getSnapshot().context.lastError).toBe('no clock tick from the server for 3000 ms');
  });

  it('counts any message as a sign of life (a busy server whose tick waits behind lot messages is not lost)', () => {
    const h = start({ heartbeat });
    h.socket().send({ type: 'broker.connected' });
    for (let i = 0; i < 30; i++) {
      h.clock.increment(2_500);
      h.socket().send({ type: 'broker.message', topic: 'auction/a1/lot/l1', payload: { position: i } });
    }
    expect(h.actor.getSnapshot().matches({ online: 'connected' })).toBe(true);
    expect(h.messages).toHaveLength(30);
  });

  it('keeps telling the server lost while it probes it, and watches the ticks again once connected', () => {
    const h = start({ heartbeat });
    h.socket().send({ type: 'broker.connected' });
    h.clock.increment(3_000);
    expect(h.actor.getSnapshot().value).toBe('unreachable');
    h.clock.increment(500);
    // The probe's credentials call waits on the frozen server: still the server lost, not "connecting".
    expect(h.actor.getSnapshot().matches({ online: 'connecting' })).toBe(true);
    expect(h.statuses.slice(-2)).toEqual(['unreachable', 'unreachable']);
    // Its WebSocket gives up: still the server, not the dealer's connection.
    h.socket().send({ type: 'broker.lost', error: 'connect timeout' });
    expect(h.actor.getSnapshot().value).toBe('unreachable');
    h.clock.increment(SERVER_PROBE_MAX_MS);
    h.socket().send({ type: 'broker.connected' });
    expect(h.actor.getSnapshot().matches({ online: 'connected' })).toBe(true);
    expect(h.statuses.at(-1)).toBe('connected');
    h.clock.increment(3_000);
    expect(h.actor.getSnapshot().value).toBe('unreachable');
  });

  it('a lost connection after a normal one is the connection again, not the server', () => {
    const h = start({ heartbeat });
    h.socket().send({ type: 'broker.connected' });
    h.socket().send({ type: 'broker.lost' });
    expect(h.actor.getSnapshot().value).toBe('retrying');
  });

  it('without a heartbeat, a silent connection stays connected (the keepalive alone tells)', () => {
    const h = start();
    h.socket().send({ type: 'broker.connected' });
    h.clock.increment(60_000);
    expect(h.actor.getSnapshot().matches({ online: 'connected' })).toBe(true);
  });

  it('renews with the tick among the topics', () => {
    const h = start({ heartbeat });
    h.socket().send({ type: 'broker.connected', expiresInMs: 4_000 });
    h.clock.increment(2_900);
    tick(h);
    h.clock.increment(100);
    expect(h.socket().received.at(-1)).toEqual({ type: 'renew', topics: ['server/clock'] });
  });
});
