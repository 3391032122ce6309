import { describe, expect, it } from '@jest/globals';
import { KeyedSerial } from './keyed-serial.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('KeyedSerial', () => {
  it('runs the tasks of one key one at a time in arrival order, even after a failure, and other keys at once', async () => {
    const serial = new KeyedSerial();
    const log: string[] = [];
    const task = (name: string, fail = false) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([serial.run('a', task('a1', true)), serial.run('a', task('a2')), serial.run('b', task('b1'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });
});
