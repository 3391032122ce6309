import { describe, expect, it } from 'vitest';
import { componentOf, summarizeProfile, type CpuProfile } from './cpu-profile.js';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

describe('cpu profile summary', () => {
  it('names the component of a frame', () => {
    expect(componentOf(frame('(idle)'))).toBe('(idle)');
    expect(componentOf(frame('(garbage collector)'))).toBe('GC');
    expect(componentOf(frame('x', 'file:///w/node_modules/fastify/lib/route.js'))).toBe('fastify');
    expect(componentOf(frame('x', 'file:///w/node_modules/@nestjs/core/router/x.js'))).toBe('@nestjs/core');
    expect(componentOf(frame('x', 'file:///w/node_modules/a/node_modules/@s/b/i.js'))).toBe('@s/b');
    expect(componentOf(frame('x', 'file:///w/libs/event-store/dist/internal/group-commit.js'))).toBe('libs/event-store');
    expect(componentOf(frame('x', 'file:///w/apps/api/dist/main.js'))).toBe('apps/api');
    expect(componentOf(frame('x', 'node:internal/stream_base_commons'))).toBe('node:stream_base_commons');
    expect(componentOf(frame('x', 'node:crypto'))).toBe('node:crypto');
  });

  it('sums self time per component and function, idle apart', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('(idle)') },
        { id: 3, callFrame: frame('route', 'file:///w/node_modules/fastify/lib/route.js', 9) },
        { id: 4, callFrame: frame('flush', 'file:///w/libs/event-store/dist/g.js', 0) },
      ],
      samples: [2, 3, 3, 4, 2, 3],
      timeDeltas: [1000, 3000, 3000, 2000, 5000, 4000],
      startTime: 0,
      endTime: 20_000,
    };
    const s = summarizeProfile(profile);
    expect(s.idleMs).toBe(6);
    expect(s.busyMs).toBe(12);
    expect(s.components).toEqual([
      { name: 'fastify', ms: 10, busyPercent: 83.3 },
      { name: 'libs/event-store', ms: 2, busyPercent: 16.7 },
    ]);
    expect(s.functions[0]).toEqual({ name: 'route node_modules/fastify/lib/route.js:10', ms: 10, busyPercent: 83.3 });
  });
});
