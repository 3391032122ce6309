/**
 * A fresh PGlite cluster to start new embedded databases from. PGlite runs initdb in WebAssembly for every empty data
 * folder: about 2 s and 2-4 s of CPU each, twice per new data folder (the event log and the read models). Loading the
 * files of a fresh cluster (`loadDataDir`, a tarball of `dumpDataDir`) takes about 0.5 s and 1 s of CPU. The first
 * start on a machine makes that tarball once (one initdb, in memory) and keeps it in a cache folder of the project;
 * every later new data folder, the tests' throw-away ones included, starts from it. A data folder that already holds a
 * database is opened as it is (PGlite ignores `loadDataDir` then, and this returns nothing).
 */
import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The installed PGlite's version: a cluster made by one version is never loaded by another. */
function pgliteVersion(): string {
  const entry = require.resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The default cache folder: `node_modules/.cache/auction-pglite` beside the installed PGlite (owned by the installer). */
export function defaultTemplateFolder(): string {
  const entry = require.resolve('@electric-sql/pglite');
  const at = entry.lastIndexOf('/node_modules/');
  return at >= 0 ? join(entry.slice(0, at), 'node_modules', '.cache', 'auction-pglite') : join(dirname(entry), '.cache');
}

/** True when `dataDir` already holds a PostgreSQL cluster. */
export function holdsCluster(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

let made: Promise<Blob> | undefined;

/**
 * For each of `dataDirs`, the fresh cluster's files to load it from when it is new, undefined when it already holds a
 * database (PGlite refuses to load files over one: "Database already exists") or `folder` is `null` (the template is
 * off). Made once per installed PGlite version and kept in `folder`; written to a temporary name and renamed, so
 * concurrent starts never read a half-written file.
 */
export async function freshClustersFor(dataDirs: readonly string[], folder: string | null = defaultTemplateFolder()): Promise<(Blob | undefined)[]> {
  const fresh = dataDirs.map((dir) => !holdsCluster(dir));
  if (folder === null || !fresh.some(Boolean)) return dataDirs.map(() => undefined);
  const image = await freshCluster(folder);
  return fresh.map((isNew) => (isNew ? image : undefined));
}

async function freshCluster(folder: string): Promise<Blob> {
  const file = join(folder, `fresh-cluster-pglite-${pgliteVersion()}.tar`);
  if (existsSync(file) && statSync(file).size > 0) return new Blob([readFileSync(file)]);
  made ??= (async () => {
    const pg = await PGlite.create();
    try {
      const tarball = await pg.dumpDataDir('none');
      const bytes = Buffer.from(await tarball.arrayBuffer());
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        mkdirSync(folder, { recursive: true });
        writeFileSync(temporary, bytes);
        renameSync(temporary, file);
      } catch {
        // A read-only install: this process still uses the bytes; the next start makes them again.
        rmSync(temporary, { force: true });
      }
      return new Blob([bytes]);
    } finally {
      await pg.close();
    }
  })();
  return made;
}
