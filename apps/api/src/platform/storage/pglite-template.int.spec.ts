import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshClustersFor, holdsCluster } from './pglite-template.js';

describe('a fresh PGlite cluster for new data folders', () => {
  let root: string;
  beforeAll(async () => { root = await mkdtemp(path.join(tmpdir(), 'pglite-template-')); });
  afterAll(async () => { await rm(root, { recursive: true, force: true }); });

  it('is made once, kept in its folder, and starts a new data folder that then holds a working database', async () => {
    const folder = path.join(root, 'cache');
    const dataDir = path.join(root, 'data');
    expect(holdsCluster(dataDir)).toBe(false);
    const [image] = await freshClustersFor([dataDir], folder);
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

    // A folder that holds a database is opened as it is, beside a new one that is loaded (the read models' folder
    // deleted to be rebuilt): PGlite refuses to load the files over a database ("Database already exists").
    const newDir = path.join(root, 'data-new');
    const [forOld, forNew] = await freshClustersFor([dataDir, newDir], folder);
    expect(forOld).toBeUndefined();
    expect(forNew).toBeInstanceOf(Blob);
    const again = await PGlite.create(dataDir, forOld ? { loadDataDir: forOld } : {});
    const beside = await PGlite.create(newDir, { loadDataDir: forNew });
    try {
      expect((await again.query<{ c: number }>('SELECT count(*)::int AS c FROM t')).rows[0]!.c).toBe(2);
      expect((await beside.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
    } finally {
      await again.close();
      await beside.close();
    }
    await expect(PGlite.create(dataDir, { loadDataDir: forNew })).rejects.toThrow(/already exists/);
  }, 60_000);

  it('is read from its file by a later start, and is off with no folder', async () => {
    const folder = path.join(root, 'cache');
    const [first] = await freshClustersFor([path.join(root, 'a')], folder);
    const [second] = await freshClustersFor([path.join(root, 'b')], folder);
    expect(second!.size).toBe(first!.size);
    expect(await freshClustersFor([path.join(root, 'c')], null)).toEqual([undefined]);
  }, 60_000);
});
