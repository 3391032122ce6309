import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobStoreContract } from './contract.test-support.js';
import { FileBlobStore } from './file-blob-store.js';

const withStore = async (run: (store: FileBlobStore, dir: string) => Promise<void>) => {
  const dir = await mkdtemp(join(tmpdir(), 'blobs-'));
  try {
    await run(new FileBlobStore(join(dir, 'blobs')), join(dir, 'blobs'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

describe('FileBlobStore (embedded mode)', () => {
  it('stores bytes under a random id with their description, and reads them back', () => withStore(async (store, dir) => {
    const bytes = Uint8Array.from([1, 2, 3]);
    const a = await store.put(bytes, 'image/png', 'user:u1');
    const b = await store.put(bytes, 'image/png', 'user:u1');
    expect(a.idFile).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.idFile).not.toBe(b.idFile);
    expect(a).toMatchObject({ mediaType: 'image/png', size: 3, owner: 'user:u1', sha256: '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81' });
    const got = await store.get(a.idFile);
    expect(got?.meta).toEqual(a);
    expect(new Uint8Array(got!.bytes)).toEqual(bytes);
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]); // written by rename, no leftovers
  }));

  it('deletes a file for good; unknown and malformed ids (paths) are unknown, never read', () => withStore(async (store, dir) => {
    const a = await store.put(Uint8Array.from([9]), 'application/pdf', 'dealer:d1');
    expect(await store.delete(a.idFile)).toBe(true);
    expect(await store.get(a.idFile)).toBeNull();
    expect(await store.delete(a.idFile)).toBe(false);
    await writeFile(join(dir, '..', 'secret.json'), JSON.stringify({ idFile: 'x' }));
    for (const id of ['../secret', '..%2Fsecret', '', 'A'.repeat(31), `${'A'.repeat(32)}/..`]) {
      expect(await store.get(id)).toBeNull();
      expect(await store.meta(id)).toBeNull();
      expect(await store.delete(id)).toBe(false);
    }
  }));

  it('never serves bytes whose description was not written (a crash between the two renames)', () => withStore(async (store, dir) => {
    const a = await store.put(Uint8Array.from([7]), 'image/jpeg', 'user:u1');
    await rm(join(dir, `${a.idFile}.json`));
    expect(await store.get(a.idFile)).toBeNull();
  }));
});

blobStoreContract('FileBlobStore', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'blobs-'));
  const blobs = join(dir, 'blobs');
  return {
    store: new FileBlobStore(blobs),
    count: async () => (await readdir(blobs).catch(() => [] as string[])).length,
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
});
