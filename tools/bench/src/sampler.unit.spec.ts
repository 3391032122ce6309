import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { waitQuiet } from './sampler.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A Node child that spins for `busyMs` (forever when null), then sleeps. */
function spinner(busyMs: number | null): ChildProcess {
  const code = busyMs === null
    ? 'for (;;) {}'
    : `const end = Date.now() + ${busyMs}; while (Date.now() < end) {} setTimeout(() => {}, 60000);`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  children.push(child);
  return child;
}

describe('waitQuiet', () => {
  it('waits through a busy start and returns once the process has been idle for a window', async () => {
    const child = spinner(1_500);
    const wait = await waitQuiet(child.pid!, { windowMs: 500, everyMs: 100, maxMs: 15_000 });
    expect(wait.quiet).toBe(true);
    // Busy for 1.5 s of its own CPU, then a quiet window: not before ~1.5 s.
    expect(wait.waitedMs).toBeGreaterThanOrEqual(1_400);
    expect(wait.lastWindowCpuPct).toBeLessThan(5);
  });

  it('gives up at maxMs when the process never goes quiet, with the last window\'s CPU', async () => {
    const child = spinner(null);
    // A spinning child's share of a core depends on the machine's load: a fresh-clone CI run gave it 13.8 %
    // of a 500 ms window. The threshold is therefore low (1 %), and the figure is checked against it and
    // against one core, not against a share the machine may not grant.
    const wait = await waitQuiet(child.pid!, { belowPct: 1, windowMs: 500, everyMs: 100, maxMs: 1_500 });
    expect(wait.quiet).toBe(false);
    expect(wait.waitedMs).toBeGreaterThanOrEqual(1_500);
    expect(wait.lastWindowCpuPct).toBeGreaterThanOrEqual(1);
    expect(wait.lastWindowCpuPct).toBeLessThanOrEqual(110);
  });

  it('answers not quiet for a process that is gone', async () => {
    const child = spinner(0);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const wait = await waitQuiet(child.pid!, { windowMs: 200, everyMs: 50, maxMs: 1_000 });
    expect(wait).toEqual({ quiet: false, waitedMs: expect.any(Number), lastWindowCpuPct: null });
  });
});
