import { randomBytes } from 'node:crypto';
import type { Aedes, PublishPacket } from 'aedes';
import { LIVE_CLOCK_PERIOD_MS, LIVE_CLOCK_TOPIC } from '@auction/contracts';

/** Options of {@link startClockTicks}. */
export interface ClockTicksOptions {
  /** Default {@link LIVE_CLOCK_PERIOD_MS}. */
  readonly periodMs?: number;
  /** The server's clock (epoch ms). */
  readonly now?: () => number;
}

/** Running clock ticks. */
export interface ClockTicks {
  /** Ticks published so far. */
  count(): number;
  stop(): void;
}

/**
 * Publishes the server's time on {@link LIVE_CLOCK_TOPIC} of this instance's broker once per period, QoS 0, not
 * retained: a heartbeat whose absence tells a page the server is frozen (a stopped process closes the socket, a frozen
 * one does not). About 45 bytes per subscriber per second on the wire. Each instance ticks its own clients (the
 * Mosquitto bridge does not carry the topic), so what a page hears is the very process it is connected to.
 *
 * A tick is published straight to the broker, not behind the live messages' queue (`AedesSink`): it must not wait for
 * a backlog of lot messages. aedes drops a message numbered below one the client already got from the same broker id,
 * so ticks carry a broker id and counter of their own, and can never make a client drop a live message.
 */
export function startClockTicks(broker: Aedes, options: ClockTicksOptions = {}): ClockTicks {
  const now = options.now ?? (() => Date.now());
  const brokerId = `clock-${randomBytes(6).toString('hex')}`;
  let counter = 0;
  const tick = () => {
    counter++;
    const packet = {
      cmd: 'publish', topic: LIVE_CLOCK_TOPIC, payload: Buffer.from(JSON.stringify({ epochMs: now() })),
      qos: 0, retain: false, dup: false, brokerId, brokerCounter: counter,
    } as PublishPacket;
    broker.publish(packet, () => undefined);
  };
  const timer = setInterval(tick, options.periodMs ?? LIVE_CLOCK_PERIOD_MS);
  timer.unref();
  return { count: () => counter, stop: () => clearInterval(timer) };
}
