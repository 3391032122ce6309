/**
 * The follow-up after a buy-now (the auction follows its lots): a failure other than a refusal is tried again, as every
 * transition of the scheduler; before, the controller only logged it and the auction stayed running with every lot
 * closed until its end or the next start-up.
 */
import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@auction/domain';
import { CloseLotCommand } from '../commands/run-auction.handlers.js';
import { CommandRunner } from '../../platform/http/command-runner.js';
import type { Consistency } from '../../platform/engine/consistency.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { OffersInFlight } from './offers-in-flight.js';
import { TransitionScheduler } from './transition-scheduler.js';

/** A scheduler whose commands go to `execute`, on an instance that writes `owned` (every auction by default). */
function schedulerWith(execute: (command: object) => Promise<unknown>, owned = (_id: string) => true) {
  const clock = { now: () => Date.now() };
  const ownership = { shards: 1, ownsAuction: owned } as never;
  const runner = new CommandRunner({ execute } as never, { noteWrite: () => undefined } as unknown as Consistency);
  return new TransitionScheduler(new LiveReadModel(), runner, clock, ownership, new OffersInFlight(clock, ownership));
}

const outcome = { reply: [], streams: [], position: 0 };
const until = async (done: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !done() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
};

describe('the auction follows its lots after a buy-now', () => {
  it('tries again after a failure (the store unreachable), until the command goes through', async () => {
    const tries: number[] = [];
    const scheduler = schedulerWith(async (command) => {
      expect(command).toEqual(new CloseLotCommand('A-1'));
      tries.push(Date.now());
      if (tries.length < 3) throw new Error('connection terminated unexpectedly');
      return outcome;
    });
    try {
      scheduler.follow('A-1');
      await until(() => tries.length === 3, 5000);
      expect(tries).toHaveLength(3);
      // One second apart, as every transition's retry.
      expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(950);
      await new Promise((r) => setTimeout(r, 1200));
      expect(tries).toHaveLength(3);
    } finally {
      scheduler.onApplicationShutdown();
    }
  });

  it('does not try again a refusal (the auction already followed), nor follow an auction another instance writes', async () => {
    let refused = 0;
    const refusing = schedulerWith(async () => {
      refused++;
      throw new DomainError('AUCTION_NOT_FOUND', 'no such auction');
    });
    let elsewhere = 0;
    const notMine = schedulerWith(async () => {
      elsewhere++;
      return outcome;
    }, () => false);
    refusing.follow('A-2');
    notMine.follow('A-3');
    await new Promise((r) => setTimeout(r, 1300));
    expect([refused, elsewhere]).toEqual([1, 0]);
  });
});

describe('the retries of a failed follow-up (attack 47)', () => {
  it('keep one retry per auction however many buy-nows asked, and stop at shutdown', async () => {
    let tries = 0;
    const scheduler = schedulerWith(async () => {
      tries++;
      throw new Error('connection terminated unexpectedly');
    });
    // Five follow-ups of one auction while the store is unreachable (buy-nows, a take-over's reconciliation): one retry.
    for (let i = 0; i < 5; i++) scheduler.follow('A-4');
    await new Promise((r) => setTimeout(r, 1300));
    // Before the fix: 10 (each failure its own retry loop, a command a second each until one goes through).
    expect(tries).toBe(6);
    scheduler.onApplicationShutdown();
    await new Promise((r) => setTimeout(r, 1300));
    // Before the fix the retries went on after shutdown (against a closed store, every second).
    expect(tries).toBe(6);
  });
});
