import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's buffer pool inside each PGlite database, by default. PGlite's cluster asks for 128 MB, which grows the
 * WebAssembly memory past its 128 MB start and is touched at start-up: the embedded API (two PGlite databases) held
 * 858 MB of RSS idle with it and 604 MB with 16 MB (BENCHMARKS.md, issue 25). The files stay in the operating system's
 * page cache below it, so a smaller pool costs read calls, not disk reads.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

/** A PostgreSQL memory size: a whole number with kB, MB or GB (PostgreSQL's own units, case as PostgreSQL spells them). */
export const PGLITE_MEMORY_SIZE = /^[1-9][0-9]{0,6}(kB|MB|GB)$/;

/**
 * The `shared_buffers` PGlite starts with, in kB. PostgreSQL refuses less than 16 buffers (128kB); PGlite's WebAssembly
 * memory failed to start with 2GB or more (1536MB started). Outside this range PGlite says only "failed to initialize
 * properly", so the value is refused before it is tried.
 */
export const PGLITE_SHARED_BUFFERS_KB = { min: 128, max: 1024 * 1024 } as const;

const KB_PER_UNIT = { kB: 1, MB: 1024, GB: 1024 * 1024 } as const;

/** Why `value` cannot be PGlite's `shared_buffers`, or undefined when it can. */
export function pgliteSharedBuffersProblem(value: string): string | undefined {
  const m = PGLITE_MEMORY_SIZE.exec(value);
  if (!m) return `a size like 16MB (kB, MB or GB), got ${JSON.stringify(value)}`;
  const kb = Number(value.slice(0, -2)) * KB_PER_UNIT[m[1] as keyof typeof KB_PER_UNIT];
  const { min, max } = PGLITE_SHARED_BUFFERS_KB;
  if (kb < min || kb > max) return `between 128kB and 1GB (PostgreSQL's minimum, PGlite's memory), got ${value}`;
  return undefined;
}

/** PGlite's start parameters with `shared_buffers` set (PGlite's own defaults kept). */
export function pgliteStartParams(sharedBuffers: string = DEFAULT_PGLITE_SHARED_BUFFERS): string[] {
  const problem = pgliteSharedBuffersProblem(sharedBuffers);
  if (problem) throw new Error(`shared_buffers must be ${problem}`);
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}
