import { describe, expect, it } from '@jest/globals';
import { AnswerTime } from './answer-time.js';

describe('AnswerTime: the taken-e-mail answer waits as long as a real registration would', () => {
  it('takes the median of the recent real durations (the default before any), ±20 %, and keeps only the last ones', () => {
    let r = 0.5;
    const time = new AnswerTime(400, 3, () => r);
    expect(time.sample()).toBe(400);
    for (const ms of [5_000, 100, 200, 300]) time.record(ms);
    expect(time.sample()).toBe(200);
    r = 0;
    expect(time.sample()).toBeCloseTo(160, 6);
    r = 1;
    expect(time.sample()).toBeCloseTo(240, 6);
  });

  it('pads only what is left of the drawn duration', async () => {
    const time = new AnswerTime(400, 8, () => 0.5);
    time.record(60);
    const started = performance.now();
    await time.pad(started);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    const late = performance.now();
    await time.pad(late - 1_000);
    expect(performance.now() - late).toBeLessThan(50);
  });
});
