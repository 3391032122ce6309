import { afterEach, describe, expect, it } from 'vitest';
import { startScriptEnv, startScriptNodeFlags } from './api-process.js';

describe('the API as `npm start` runs it', () => {
  const saved = process.env['MALLOC_ARENA_MAX'];
  afterEach(() => {
    if (saved === undefined) delete process.env['MALLOC_ARENA_MAX'];
    else process.env['MALLOC_ARENA_MAX'] = saved;
  });

  it('takes the Node flags and the malloc arenas of the start script, and a MALLOC_ARENA_MAX already set wins', () => {
    expect(startScriptNodeFlags()).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=50']);
    delete process.env['MALLOC_ARENA_MAX'];
    expect(startScriptEnv()).toEqual({ MALLOC_ARENA_MAX: '2' });
    process.env['MALLOC_ARENA_MAX'] = '8';
    expect(startScriptEnv()).toEqual({ MALLOC_ARENA_MAX: '8' });
  });
});
