import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { create as createTar } from 'tar';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshClustersFor, holdsCluster, keptCluster, placeFreshClusters, unpackCluster } from './pglite-template.js';

describe('a fresh PGlite cluster for new data folders', () => {
  let root: string;
  beforeAll(async () => { root = await mkdtemp(path.join(tmpdir(), 'pglite-template-')); });
  afterAll(async () => { await rm(root, { recursive: true, force: true }); });
  /**
   * The folder `cache`, holding the cluster this process made (by the first test, or here when a test runs alone): the
   * tests whose subject is not the making start from it instead of another initdb (~2 s, 2-4 s of CPU each).
   */
  const madeCache = async () => {
    const folder = path.join(root, 'cache');
    await freshClustersFor([path.join(root, 'made-once')], folder);
    return folder;
  };

  it('is made once, kept in its folder, and starts a new data folder that then holds a working database', async () => {
    const folder = path.join(root, 'cache');
    const dataDir = path.join(root, 'data');
    expect(holdsCluster(dataDir)).toBe(false);
    const [image] = await freshClustersFor([dataDir], folder);
    expect(image).toBeInstanceOf(Blob);
    const kept = await readdir(folder);
    expect(kept.sort()).toEqual([expect.stringMatching(/^fresh-cluster-pglite-\d+\.\d+\.\d+\.tar$/), expect.stringMatching(/\.tar\.sha256$/)]);

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
  }, 180_000);

  it('is read from its file by a later start, and is off with no folder', async () => {
    const folder = path.join(root, 'cache');
    const [first] = await freshClustersFor([path.join(root, 'a')], folder);
    const [second] = await freshClustersFor([path.join(root, 'b')], folder);
    expect(second!.size).toBe(first!.size);
    expect(await freshClustersFor([path.join(root, 'c')], null)).toEqual([undefined]);
  }, 180_000);

  it('is made again, in memory, when the kept file is damaged, a link, or writable by its group or others, or so is its folder', async () => {
    const folder = path.join(root, 'cache-damaged');
    // A whole kept cluster to damage: a copy of the one made in `cache` (the same bytes and sum a start would keep here).
    const made = await madeCache();
    await mkdir(folder, { mode: 0o755 });
    for (const kept of await readdir(made)) await copyFile(path.join(made, kept), path.join(folder, kept));
    expect(keptCluster(folder)).toBeInstanceOf(Blob);
    const [tar] = (await readdir(folder)).filter((f) => f.endsWith('.tar'));
    const file = path.join(folder, tar!);
    const whole = await readFile(file);

    // Damaged (cut short): the sum no longer matches; the cluster is made again and the new data folder works.
    await writeFile(file, whole.subarray(0, whole.length >> 1));
    const [remade] = await freshClustersFor([path.join(root, 'd1')], folder);
    expect(remade!.size).toBeGreaterThan(whole.length >> 1);
    const pg = await PGlite.create(path.join(root, 'd1'), { loadDataDir: remade });
    try {
      expect((await pg.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
    } finally {
      await pg.close();
    }
    // ... and kept whole again for the next start.
    expect((await readFile(file)).length).toBe(remade!.size);

    // A planted "cluster" with a matching sum never reaches a data folder when others could have put it there. Each
    // case plants afresh (the last one changed the file's mode or made it a link).
    const planted = Buffer.from('planted');
    const plant = async (at = file) => {
      await rm(at, { force: true });
      await rm(`${at}.sha256`, { force: true });
      await writeFile(at, planted, { mode: 0o644 });
      await writeFile(`${at}.sha256`, `${createHash('sha256').update(planted).digest('hex')}\n`, { mode: 0o644 });
    };
    // Checked on the kept file alone (keptCluster: what freshClustersFor reads before it makes a cluster again), so
    // that each case costs no initdb (ten of them took over a minute on a loaded CI machine).
    const refused = (from = folder) => {
      expect(keptCluster(from)).toBeUndefined();
    };
    // Its folder writable by others or by its group; the file writable by others or by its group; its sum by its group.
    const writable: [string, number][] = [[folder, 0o777], [folder, 0o775], [file, 0o666], [file, 0o664], [`${file}.sha256`, 0o664]];
    for (const [target, mode] of writable) {
      await plant();
      await chmod(target, mode);
      refused();
      await chmod(folder, 0o755);
    }
    // The file a link (to bytes this user owns, with their sum: the link itself is refused).
    const elsewhere = path.join(root, 'elsewhere');
    await mkdir(elsewhere);
    await plant();
    await writeFile(path.join(elsewhere, 'planted.tar'), planted, { mode: 0o644 });
    await rm(file);
    await symlink(path.join(elsewhere, 'planted.tar'), file);
    refused();
    // The folder a link to one.
    const linkedFolder = path.join(root, 'cache-link');
    await symlink(folder, linkedFolder);
    await plant();
    refused(linkedFolder);
    // The control: the same planted bytes and sum, real files in a real folder only this user may write, are read, by
    // keptCluster and by a start.
    await plant();
    expect(keptCluster(folder)!.size).toBe(planted.length);
    const [fromOwn] = await freshClustersFor([path.join(root, 'd9')], folder);
    expect(fromOwn!.size).toBe(planted.length);
  }, 180_000);

  it('keeps one file per folder when a process is given two folders', async () => {
    // The first folder is `cache`, whose cluster this process made (above, or in madeCache when run alone); the second
    // is new, so the process makes and keeps a cluster there too.
    const cacheOne = await madeCache();
    const [one] = await freshClustersFor([path.join(root, 'e1')], cacheOne);
    const [two] = await freshClustersFor([path.join(root, 'e2')], path.join(root, 'cache-two'));
    expect(one!.size).toBe(two!.size);
    expect((await readdir(cacheOne)).filter((f) => f.endsWith('.tar'))).toHaveLength(1);
    expect((await readdir(path.join(root, 'cache-two'))).filter((f) => f.endsWith('.tar'))).toHaveLength(1);
  }, 180_000);

  it('is unpacked natively into new data folders, which PGlite then opens as they are; a folder it cannot take is left to PGlite', async () => {
    const folder = await madeCache();
    const dataDir = path.join(root, 'native');
    const notEmpty = path.join(root, 'native-not-empty');
    await mkdir(notEmpty);
    await writeFile(path.join(notEmpty, 'stray'), 'x');
    const [forNew, forNotEmpty] = await placeFreshClusters([dataDir, notEmpty], folder);
    expect(forNew).toBeUndefined();
    expect(holdsCluster(dataDir)).toBe(true);
    // Nothing of the unpacking is left beside the folder.
    expect((await readdir(root)).filter((name) => name.includes('unpacking'))).toEqual([]);
    // Not empty: left as it was, and the cluster's files are handed to PGlite (which refuses them over a database).
    expect(forNotEmpty).toBeInstanceOf(Blob);
    expect(await readdir(notEmpty)).toEqual(['stray']);

    const pg = await PGlite.create(dataDir);
    try {
      await pg.query('CREATE TABLE t (n int)');
      await pg.query('INSERT INTO t VALUES (40), (2)');
      expect((await pg.query<{ s: number }>('SELECT sum(n)::int AS s FROM t')).rows[0]!.s).toBe(42);
    } finally {
      await pg.close();
    }
    // Opened again: the same database, and a later start leaves it alone.
    expect(await placeFreshClusters([dataDir], folder)).toEqual([undefined]);
    const again = await PGlite.create(dataDir);
    try {
      expect((await again.query<{ c: number }>('SELECT count(*)::int AS c FROM t')).rows[0]!.c).toBe(2);
    } finally {
      await again.close();
    }

    // A damaged tarball unpacks nothing: no half cluster a later start would take for a database.
    const damaged = Buffer.from(await (keptCluster(folder)!.slice(0, 3_000_000)).arrayBuffer());
    const half = path.join(root, 'native-half');
    expect(unpackCluster(half, damaged)).toBe(false);
    expect(holdsCluster(half)).toBe(false);
    expect((await readdir(root)).filter((name) => name.includes('unpacking'))).toEqual([]);
  }, 180_000);

  it('unpacks nothing but plain files and folders: a link or a setuid file in the tarball leaves the folder to PGlite; a killed start\'s leftover goes', async () => {
    const made = path.join(root, 'hostile-src');
    await mkdir(path.join(made, 'base'), { recursive: true });
    await writeFile(path.join(made, 'PG_VERSION'), '17\n');
    const tarOf = async (name: string, files: string[]) => {
      const file = path.join(root, `${name}.tar`);
      await createTar({ file, cwd: made, portable: true }, files);
      return readFile(file);
    };
    // A symbolic link, even one inside (an attack review chained `x -> .` links to reach /etc; tar took `pg_wal -> base`): refused.
    await symlink('base', path.join(made, 'escape'));
    const withLink = await tarOf('with-link', ['PG_VERSION', 'base', 'escape']);
    expect(unpackCluster(path.join(root, 'from-link'), withLink)).toBe(false);
    expect(holdsCluster(path.join(root, 'from-link'))).toBe(false);
    await rm(path.join(made, 'escape'));
    // A setuid file: refused.
    await writeFile(path.join(made, 'base', 'tool'), 'x');
    await chmod(path.join(made, 'base', 'tool'), 0o4755);
    const withSetuid = await tarOf('with-setuid', ['PG_VERSION', 'base']);
    expect(unpackCluster(path.join(root, 'from-setuid'), withSetuid)).toBe(false);
    await chmod(path.join(made, 'base', 'tool'), 0o644);
    // Plain files and folders: taken.
    const plain = await tarOf('plain', ['PG_VERSION', 'base']);
    expect(unpackCluster(path.join(root, 'from-plain'), plain)).toBe(true);
    expect(await readFile(path.join(root, 'from-plain', 'base', 'tool'), 'utf8')).toBe('x');

    // A start killed during an unpacking left its temporary folder: a later start removes it once it is old enough.
    const stale = path.join(root, '.from-later.0123456789ab.unpacking');
    const fresh = path.join(root, '.from-later.ba9876543210.unpacking');
    await mkdir(stale);
    await mkdir(fresh);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(stale, hourAgo, hourAgo);
    expect(unpackCluster(path.join(root, 'from-later'), plain)).toBe(true);
    const left = await readdir(root);
    expect(left).not.toContain('.from-later.0123456789ab.unpacking');
    expect(left).toContain('.from-later.ba9876543210.unpacking');
  }, 60_000);
});
