/**
 * A fresh PGlite cluster to start new embedded databases from. PGlite runs initdb in WebAssembly for every empty data
 * folder: about 2 s and 2-4 s of CPU each, twice per new data folder (the event log and the read models). Loading the
 * files of a fresh cluster (`loadDataDir`, a tarball of `dumpDataDir`) takes about 0.5 s and 1 s of CPU. The first
 * start on a machine makes that tarball once (one initdb, in memory) and keeps it in a cache folder of the project;
 * every later new data folder, the tests' throw-away ones included, starts from it. A data folder that already holds a
 * database is opened as it is (PGlite ignores `loadDataDir` then, and this returns nothing).
 * The cached file is used only when it is whole (its sha256, kept beside it, matches) and nobody else could have put it
 * there (the file, its sum and its folder are real files and a real folder, belong to this user or root, and neither
 * group nor others may write them): otherwise the fresh cluster is made again in memory (one initdb), so a damaged or
 * planted file never reaches a data folder. The folders above it are not checked: one that others may write lets them
 * replace the whole cache folder (and, under node_modules, PGlite itself), so `PGLITE_TEMPLATE_DIR` must not be under
 * such a folder.
 */
import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { UnpackSync } from 'tar';

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

/** The clusters being made, per cache file (a process may be asked for several folders). */
const making = new Map<string, Promise<Blob>>();

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

const ours = (stat: Stats): boolean => {
  const uid = process.getuid?.();
  return (stat.mode & 0o022) === 0 && (uid === undefined || stat.uid === uid || stat.uid === 0);
};

/**
 * A regular file's bytes when it belongs to this user (or root) and neither its group nor others may write it, else
 * undefined. Opened without following a symbolic link and without blocking (a FIFO would hang the start); the owner
 * and mode are those of the file opened, so nothing can be swapped in between the check and the read.
 */
function readOurs(path: string): Buffer<ArrayBuffer> | undefined {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    return stat.isFile() && ours(stat) ? readFileSync(fd) : undefined;
  } finally {
    closeSync(fd);
  }
}

/** The cached cluster when the file is whole and trusted, else undefined. */
function cached(folder: string, file: string): Blob | undefined {
  try {
    // The folder itself, not a link to one; a folder its group or others may write could have the files replaced.
    const where = lstatSync(folder);
    if (!where.isDirectory() || !ours(where)) return undefined;
    const bytes = readOurs(file);
    const sum = readOurs(`${file}.sha256`);
    return bytes && sum && bytes.length > 0 && sum.toString('utf8').trim() === sha256(bytes) ? new Blob([bytes]) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `content` to `path` through a temporary name and a rename: a reader never sees half of it. */
function writeWhole(path: string, content: Buffer | string): void {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, content, { mode: 0o644 });
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}

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

/**
 * {@link freshClustersFor}, with each new data folder's files written by the file system's own calls before PGlite
 * opens it: PGlite's `loadDataDir` writes the ~1,000 files (40 MB) through its WebAssembly file system, ~0.75 s of CPU
 * per folder (two per embedded start; measured with --cpu-prof on 2026-11-26), against ~0.1 s unpacked natively.
 * The result is the files PGlite must still load itself: undefined for a folder unpacked here or already holding a
 * database, the cluster's files where unpacking failed (the folder is then left as it was).
 */
export async function placeFreshClusters(dataDirs: readonly string[], folder: string | null = defaultTemplateFolder()): Promise<(Blob | undefined)[]> {
  const images = await freshClustersFor(dataDirs, folder);
  const first = images.find((image) => image !== undefined);
  if (!first) return images;
  const tarball = Buffer.from(await first.arrayBuffer());
  return images.map((image, index) => (image && unpackCluster(dataDirs[index]!, tarball) ? undefined : image));
}

/** How old a temporary folder of an unpacking must be before a later start takes it for a killed start's leftover. */
const LEFTOVER_MS = 10 * 60_000;

/**
 * Unpacks a fresh cluster's tarball (from {@link freshCluster}: whole and trusted) into `dataDir`, which must be absent
 * or empty, through a temporary sibling folder and a rename: a start killed half-way leaves no half cluster behind that
 * a later start would take for a database (the next start removes such a leftover once it is 10 minutes old). True when
 * `dataDir` then holds the cluster; false leaves `dataDir` as it was, and PGlite loads the files itself.
 * Only what PGlite's own loading makes is made: regular files and folders, without setuid, setgid or sticky bits, owned
 * by this process; a link or any other kind of entry fails the unpacking (an attack review of 2026-11-26 showed tar
 * keeping symbolic links that lead out of the folder, hard links, setuid bits and the archive's owners).
 * An empty `dataDir` is replaced by the unpacked folder (mode 0700), not filled: its own mode and owner are not kept.
 */
export function unpackCluster(dataDir: string, tarball: Buffer): boolean {
  const parent = dirname(dataDir);
  const prefix = `.${basename(dataDir)}.`;
  const temporary = join(parent, `${prefix}${randomBytes(6).toString('hex')}.unpacking`);
  let made = false;
  try {
    removeLeftovers(parent, prefix);
    if (existsSync(dataDir) && (!lstatSync(dataDir).isDirectory() || readdirSync(dataDir).length > 0)) return false;
    mkdirSync(temporary, { mode: 0o700 });
    made = true;
    // PGlite's tarball names its entries from `/`: tar keeps every name inside `temporary` (its default) and says so
    // with an information; any other warning (a damaged or refused entry, skipped by tar) fails the unpacking.
    const troubles: string[] = [];
    const unpack = new UnpackSync({
      cwd: temporary,
      preserveOwner: false,
      filter: (path: string, entry: unknown) => {
        const { type, mode } = entry as { type?: string; mode?: number };
        const plain = (type === 'File' || type === 'OldFile' || type === 'Directory') && ((mode ?? 0) & 0o7000) === 0;
        if (!plain) troubles.push(`refused entry ${path} (${type ?? '?'}, mode ${(mode ?? 0).toString(8)})`);
        return plain;
      },
      onwarn: (code: string, message: string | Error) => {
        if (code !== 'TAR_ENTRY_INFO') troubles.push(`${code} ${String(message)}`);
      },
    });
    unpack.on('error', (error: Error) => troubles.push(String(error)));
    unpack.end(tarball);
    if (troubles.length > 0 || !holdsCluster(temporary)) return false;
    // rename(2) replaces an empty folder at once and fails on one another process filled meanwhile (ENOTEMPTY).
    renameSync(temporary, dataDir);
    made = false;
    return true;
  } catch {
    return false;
  } finally {
    if (made) {
      try {
        rmSync(temporary, { recursive: true, force: true });
      } catch {
        // Left for a later start (removeLeftovers); the caller falls back to PGlite's own loading.
      }
    }
  }
}

/** Removes the temporary folders of unpackings into `parent` that a killed start left, once they are old enough. */
function removeLeftovers(parent: string, prefix: string): void {
  try {
    for (const name of readdirSync(parent)) {
      if (!name.startsWith(prefix) || !/^\.[^/]*\.[0-9a-f]{12}\.unpacking$/.test(name)) continue;
      const where = join(parent, name);
      const stat = lstatSync(where);
      if (stat.isDirectory() && Date.now() - stat.mtimeMs > LEFTOVER_MS) rmSync(where, { recursive: true, force: true });
    }
  } catch {
    // A folder that cannot be listed or cleaned: the unpacking itself says whether it can go on.
  }
}

/** The cluster kept in `folder`, when it is whole and trusted (see above); undefined otherwise. */
export function keptCluster(folder: string): Blob | undefined {
  return cached(folder, clusterFile(folder));
}

const clusterFile = (folder: string) => join(folder, `fresh-cluster-pglite-${pgliteVersion()}.tar`);

/** The fresh cluster kept in `folder` (made and kept there first if it is not), e.g. for a database in memory. */
export async function freshCluster(folder: string): Promise<Blob> {
  const file = clusterFile(folder);
  const kept = cached(folder, file);
  if (kept) return kept;
  let made = making.get(file);
  if (!made) {
    made = (async () => {
      const pg = await PGlite.create();
      try {
        const tarball = await pg.dumpDataDir('none');
        const fresh = Buffer.from(await tarball.arrayBuffer());
        try {
          mkdirSync(folder, { recursive: true, mode: 0o755 });
          // The file, then its sum: a reader between the two renames finds them apart and makes its own.
          writeWhole(file, fresh);
          writeWhole(`${file}.sha256`, `${sha256(fresh)}\n`);
        } catch {
          // A read-only install: this process still uses the bytes; the next start makes them again.
        }
        return new Blob([fresh]);
      } finally {
        await pg.close();
      }
    })();
    making.set(file, made);
    // Once made, later calls read the file (or make it again if it was removed meanwhile).
    void made.finally(() => making.delete(file)).catch(() => undefined);
  }
  return made;
}
