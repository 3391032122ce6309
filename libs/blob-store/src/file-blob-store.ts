import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { BLOB_ID, describeBlob, newBlobId, type BlobMeta, type BlobStore, type PutStreamOptions } from './blob-store.js';
import { writeStream } from './stream-write.js';

/**
 * Stored files in a folder (embedded mode: `DATA_DIR/blobs`): `<idFile>.bin` and its description `<idFile>.json`.
 * Each is written to a temporary name, flushed and renamed, the description last, so a crash leaves either a whole
 * file or none that is visible (a stray `.bin` or `.tmp` without its description is never served). Names are the
 * server's ids only, never a client's file name.
 */
export class FileBlobStore implements BlobStore {
  private ready: Promise<unknown> | null = null;

  constructor(private readonly dir: string) {}

  async put(bytes: Uint8Array, mediaType: string, owner: string): Promise<BlobMeta> {
    await this.mkdir();
    const meta = describeBlob(bytes, mediaType, owner);
    await this.writeAtomically(`${meta.idFile}.bin`, (handle) => handle.writeFile(bytes));
    await this.writeMeta(meta);
    return meta;
  }

  async putStream(source: AsyncIterable<Uint8Array>, options: PutStreamOptions): Promise<BlobMeta> {
    await this.mkdir();
    const idFile = newBlobId();
    let file = { mediaType: '', size: 0, sha256: '' };
    await this.writeAtomically(`${idFile}.bin`, async (handle) => {
      file = await writeStream(source, options, async (chunk) => { await handle.write(chunk); });
    });
    const meta: BlobMeta = { idFile, ...file, owner: options.owner, createdAt: new Date().toISOString() };
    try {
      await this.writeMeta(meta);
    } catch (error) {
      await unlink(join(this.dir, `${idFile}.bin`)).catch(() => undefined);
      throw error;
    }
    return meta;
  }

  async get(idFile: string): Promise<{ meta: BlobMeta; bytes: Buffer } | null> {
    const meta = await this.meta(idFile);
    if (!meta) return null;
    const bytes = await readFile(join(this.dir, `${idFile}.bin`)).catch(() => null);
    return bytes ? { meta, bytes } : null;
  }

  async open(idFile: string): Promise<{ meta: BlobMeta; stream: Readable } | null> {
    const meta = await this.meta(idFile);
    if (!meta) return null;
    const handle = await open(join(this.dir, `${idFile}.bin`), 'r').catch(() => null);
    return handle ? { meta, stream: handle.createReadStream() } : null;
  }

  async meta(idFile: string): Promise<BlobMeta | null> {
    if (!BLOB_ID.test(idFile)) return null;
    const text = await readFile(join(this.dir, `${idFile}.json`), 'utf8').catch(() => null);
    if (text === null) return null;
    try {
      return JSON.parse(text) as BlobMeta;
    } catch {
      return null;
    }
  }

  async setOwner(idFile: string, owner: string): Promise<boolean> {
    const meta = await this.meta(idFile);
    if (!meta) return false;
    if (meta.owner !== owner) await this.writeMeta({ ...meta, owner });
    return true;
  }

  async delete(idFile: string): Promise<boolean> {
    if (!BLOB_ID.test(idFile)) return false;
    // The description first: from then on the file is unknown, whatever happens to the bytes.
    const existed = await unlink(join(this.dir, `${idFile}.json`)).then(() => true, () => false);
    await unlink(join(this.dir, `${idFile}.bin`)).catch(() => undefined);
    return existed;
  }

  async deleteOwnedBy(owner: string): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const deleted: string[] = [];
    for (const name of names) {
      const idFile = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
      if (!BLOB_ID.test(idFile)) continue;
      const meta = await this.meta(idFile);
      if (meta?.owner === owner && (await this.delete(idFile))) deleted.push(idFile);
    }
    return deleted.sort();
  }

  private mkdir(): Promise<unknown> {
    return (this.ready ??= mkdir(this.dir, { recursive: true }));
  }

  private writeMeta(meta: BlobMeta): Promise<void> {
    return this.writeAtomically(`${meta.idFile}.json`, (handle) => handle.writeFile(JSON.stringify(meta)));
  }

  /** Writes through a temporary file, flushed and renamed; on any failure the temporary file is removed. */
  private async writeAtomically(name: string, write: (handle: FileHandle) => Promise<void>): Promise<void> {
    const tmp = join(this.dir, `${name}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(tmp, 'wx', 0o600);
    try {
      await write(handle);
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(tmp).catch(() => undefined);
      throw error;
    }
    await handle.close();
    try {
      await rename(tmp, join(this.dir, name));
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      throw error;
    }
  }
}
