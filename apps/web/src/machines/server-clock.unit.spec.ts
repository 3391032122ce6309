import { describe, expect, it } from 'vitest';
import { bestSample, createServerClock, remainingMs, sampleOffset, tickDisagrees } from './server-clock.js';

describe('sampleOffset', () => {
  it('corrects the server time by half the round trip', () => {
    // sent at local 1000, answered at local 1100 with server time 5050: the server read it at local ~1050
    expect(sampleOffset(1000, 5050, 1100)).toEqual({ offset: 5050 + 50 - 1100, rttMs: 100 });
    expect(sampleOffset(1000, 5050, 1100).offset).toBe(4000);
    expect(sampleOffset(2000, 1000, 2000)).toEqual({ offset: -1000, rttMs: 0 });
  });
});

describe('bestSample', () => {
  it('keeps the sample with the smallest round trip', () => {
    expect(bestSample([{ offset: 10, rttMs: 90 }, { offset: 20, rttMs: 30 }, { offset: 30, rttMs: 30 }, { offset: 40, rttMs: 60 }]))
      .toEqual({ offset: 20, rttMs: 30 });
    expect(bestSample([])).toBeNull();
  });
});

describe('remainingMs', () => {
  it('is the time to the end, never negative', () => {
    const end = '2030-01-01T00:00:10.000Z';
    const endMs = Date.parse(end);
    expect(remainingMs(end, endMs - 10_000)).toBe(10_000);
    expect(remainingMs(end, endMs)).toBe(0);
    expect(remainingMs(end, endMs + 5)).toBe(0);
    expect(remainingMs('not a date', 0)).toBe(0);
  });
});

describe('createServerClock', () => {
  it('returns the local time before the first sync, then applies the first offset at once', () => {
    let local = 1_000;
    const clock = createServerClock(() => local);
    expect(clock.synced).toBe(false);
    expect(clock.now()).toBe(1_000);
    clock.update(-500);
    expect(clock.synced).toBe(true);
    expect(clock.now()).toBe(500);
    local += 100;
    expect(clock.now()).toBe(600);
  });

  it('applies a larger offset at once (time jumps forward)', () => {
    let local = 1_000;
    const clock = createServerClock(() => local);
    clock.update(0);
    clock.update(2_000);
    expect(clock.now()).toBe(3_000);
    local += 10;
    expect(clock.now()).toBe(3_010);
  });

  it('slews a smaller offset at half speed', () => {
    let local = 1_000;
    const clock = createServerClock(() => local);
    clock.update(1_000);
    expect(clock.now()).toBe(2_000);
    clock.update(800); // 200 ms to absorb: 400 ms of local time at half speed
    expect(clock.now()).toBe(2_000);
    local += 100;
    expect(clock.now()).toBe(2_050);
    local += 300;
    expect(clock.now()).toBe(2_200); // absorbed: local 1400 + 800
    local += 100;
    expect(clock.now()).toBe(2_300); // full speed again
  });

  it('a larger offset during a slew applies at once and ends the slew', () => {
    let local = 0;
    const clock = createServerClock(() => local);
    clock.update(1_000);
    clock.update(0);
    local += 100;
    expect(clock.now()).toBe(1_050);
    clock.update(2_000);
    expect(clock.now()).toBe(2_100);
    local += 100;
    expect(clock.now()).toBe(2_200);
  });

  it('stands still when the local clock steps back', () => {
    let local = 10_000;
    const clock = createServerClock(() => local);
    clock.update(0);
    expect(clock.now()).toBe(10_000);
    local = 9_000;
    expect(clock.now()).toBe(10_000);
    local = 10_500;
    expect(clock.now()).toBe(10_500);
  });

  it('never decreases whatever the offsets and the local clock do (property)', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 50; run++) {
      let local = 1_700_000_000_000;
      const clock = createServerClock(() => local);
      clock.update((random() - 0.5) * 10_000);
      let previous = clock.now();
      for (let step = 0; step < 400; step++) {
        const r = random();
        if (r < 0.2) clock.update((random() - 0.5) * 20_000);
        else if (r < 0.25) local -= Math.floor(random() * 1_000);
        else local += Math.floor(random() * 500);
        const shown = clock.now();
        expect(shown).toBeGreaterThanOrEqual(previous);
        previous = shown;
      }
    }
  });

  it('converges to the latest offset after a slew (property)', () => {
    let local = 0;
    const clock = createServerClock(() => local);
    clock.update(5_000);
    for (const offset of [4_000, 3_500, 4_200, 100]) {
      clock.update(offset);
      local += 20_000;
      expect(clock.now()).toBe(local + offset);
    }
  });
});

describe('tickDisagrees', () => {
  it('flags an estimate behind a tick already received, or far ahead of it; a tick late on the way is fine', () => {
    expect(tickDisagrees(10_000, 10_000)).toBe(false);
    expect(tickDisagrees(10_000, 10_200)).toBe(false);
    expect(tickDisagrees(10_000, 10_251)).toBe(true);
    expect(tickDisagrees(11_900, 10_000)).toBe(false);
    expect(tickDisagrees(12_001, 10_000)).toBe(true);
  });
});
