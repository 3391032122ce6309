import { afterEach, describe, expect, it } from 'vitest';
import { startScriptEnv, startScriptNodeFlags } from './api-process.js';

describe('the API as `npm start` runs it', () => {
  const saved = { arenas: process.env['MALLOC_ARENA_MAX'], mmap: process.env['MALLOC_MMAP_THRESHOLD_'] };
  afterEach(() => {
    if (saved.arenas === undefined) delete process.env['MALLOC_ARENA_MAX'];
    else process.env['MALLOC_ARENA_MAX'] = saved.arenas;
    if (saved.mmap === undefined) delete process.env['MALLOC_MMAP_THRESHOLD_'];
    else process.env['MALLOC_MMAP_THRESHOLD_'] = saved.mmap;
  });

  it('takes the Node flags and the malloc settings of the start script, and a variable already set wins', () => {
    expect(startScriptNodeFlags()).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=50']);
    delete process.env['MALLOC_ARENA_MAX'];
    delete process.env['MALLOC_MMAP_THRESHOLD_'];
    expect(startScriptEnv()).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576' });
    process.env['MALLOC_ARENA_MAX'] = '8';
    process.env['MALLOC_MMAP_THRESHOLD_'] = '131072';
    expect(startScriptEnv()).toEqual({ MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '131072' });
  });
});
