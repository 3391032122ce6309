import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './app-config.js';
import { describeStartFailure, serviceUnreachable, StartupError } from './startup-error.js';

const refusal = (env: NodeJS.ProcessEnv): unknown => {
  try {
    loadConfig(env);
  } catch (err) {
    return err;
  }
  throw new Error('accepted');
};

describe('a start refused for a value the operator set', () => {
  it('prints the variable and its problem, without a stack', () => {
    const out = describeStartFailure(refusal({ MALLOC_MMAP_THRESHOLD_: 'lots' }));
    expect(out).toMatch(/^failed to start: bad configuration:\n {2}MALLOC_MMAP_THRESHOLD_: a whole number/);
    expect(out).not.toMatch(/\n\s+at /);
    expect(refusal({ PORT: 'x' })).toBeInstanceOf(StartupError);
  });

  it('names one problem per MALLOC_MMAP_THRESHOLD_ value: not a number is not "too large", too large is a number', () => {
    expect(describeStartFailure(refusal({ MALLOC_MMAP_THRESHOLD_: '128k' }))).not.toMatch(/at most/);
    expect(describeStartFailure(refusal({ MALLOC_MMAP_THRESHOLD_: '99999999999' }))).not.toMatch(/whole number/);
    expect(describeStartFailure(refusal({ MALLOC_MMAP_THRESHOLD_: '99999999999' }))).toMatch(/at most 33554432/);
  });

  it('refuses what glibc would read in another base (leading 0: octal, 0x: hexadecimal)', () => {
    for (const v of ['010', '0x100000', '01048576']) expect(refusal({ MALLOC_MMAP_THRESHOLD_: v })).toBeInstanceOf(StartupError);
    expect(() => loadConfig({ MALLOC_MMAP_THRESHOLD_: '0' })).not.toThrow();
  });

  it('names the variable of a service that did not answer, with its reason on one line', () => {
    const kafka = Object.assign(new Error('KafkaJSNonRetriableError'), { cause: new Error('connect ECONNREFUSED 127.0.0.1:1\n    at x') });
    expect(describeStartFailure(serviceUnreachable('KAFKA_BROKERS', 'Kafka did not answer', kafka)))
      .toBe('failed to start: KAFKA_BROKERS: Kafka did not answer: KafkaJSNonRetriableError (connect ECONNREFUSED 127.0.0.1:1)');
  });

  it('keeps the stack of anything else (a bug)', () => {
    expect(describeStartFailure(new TypeError('x is undefined'))).toMatch(/TypeError: x is undefined\n\s+at /);
  });
});
