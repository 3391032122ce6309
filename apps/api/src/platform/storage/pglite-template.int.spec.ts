import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshClusterFor, holdsCluster } from './pglite-template.js';

describe('a fresh PGlite cluster for new data folders', () => {
  let root: string;
  beforeAll(async () => { root = await mkdtemp(path.join(tmpdir(), 'pglite-template-')); });
  afterAll(async () => { await rm(root, { recursive: true, force: true }); });

  it('is made once, kept in its folder, and starts a new data folder that then holds a working database', async () => {
    const folder = path.join(root, 'cache');
    const dataDir = path.join(root, 'data');
    expect(holdsCluster(dataDir)).toBe(false);
    const image = await freshClusterFor([dataDir], folder);
    expect(image).toBeInstanceOf(Blob);
    const kept = await readdir(folder);
    expect(kept).toEqual([expect.stringMatching(/^fresh-cluster-pglite-\d+\.\d+\.\d+\.tar$/)]);

    const pg = await PGlite.create(dataDir, { loadDataDir: image });
    try {
      await pg.query('CREATE TABLE t (n int)');
      await pg.query('INSERT INTO t VALUES (41), (1)');
      expect((await pg.query<{ s: number }>('SELECT sum(n)::int AS s FROM t')).rows[0]!.s).toBe(42);
    } finally {
      await pg.close();
    }
    expect(holdsCluster(dataDir)).toBe(true);

    // A folder that holds a database is opened as it is: nothing to load (its table is still there).
    expect(await freshClusterFor([dataDir], folder)).toBeUndefined();
    const again = await PGlite.create(dataDir);
    try {
      expect((await again.query<{ c: number }>('SELECT count(*)::int AS c FROM t')).rows[0]!.c).toBe(2);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('is read from its file by a later start, and is off with no folder', async () => {
    const folder = path.join(root, 'cache');
    const first = await freshClusterFor([path.join(root, 'a')], folder);
    const second = await freshClusterFor([path.join(root, 'b')], folder);
    expect(second!.size).toBe(first!.size);
    expect(await freshClusterFor([path.join(root, 'c')], null)).toBeUndefined();
  }, 60_000);
});
