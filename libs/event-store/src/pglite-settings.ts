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

/** PGlite's start parameters with `shared_buffers` set (PGlite's own defaults kept). */
export function pgliteStartParams(sharedBuffers: string = DEFAULT_PGLITE_SHARED_BUFFERS): string[] {
  if (!PGLITE_MEMORY_SIZE.test(sharedBuffers)) throw new Error(`shared_buffers must be a size like 16MB, got ${JSON.stringify(sharedBuffers)}`);
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}
