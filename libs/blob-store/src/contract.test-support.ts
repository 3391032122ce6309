import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BlobRefusedError, BlobTooLargeError, type BlobStore, type ContentJudge } from './blob-store.js';

/** Chunks of `size` bytes, `count` times (a file that arrives in pieces, as an upload does). */
async function* chunks(count: number, size: number, fill = 0x41): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) yield new Uint8Array(size).fill(fill);
}

const textOnly: ContentJudge = (head) => (head.includes(0) ? { refused: 'binary' } : 'text/plain');

/**
 * The behaviour every {@link BlobStore} adapter shares: whole and streamed writes, the byte limit and the judge of a
 * streamed write leaving nothing behind, owners, deletion. `count` answers how many files (visible or not) the
 * adapter holds, so a refused write is seen to leave no partial file.
 */
export function blobStoreContract(name: string, make: () => Promise<{ store: BlobStore; count: () => Promise<number>; dispose: () => Promise<void> }>): void {
  const run = (test: (store: BlobStore, count: () => Promise<number>) => Promise<void>) => async () => {
    const { store, count, dispose } = await make();
    try {
      await test(store, count);
    } finally {
      await dispose();
    }
  };
  let n = 0;
  /** An owner of this test alone (an adapter may share its storage between tests). */
  const owner = () => `user:u${++n}-${Date.now()}`;

  describe(`${name}: the blob store contract`, () => {
    it('stores a streamed file chunk by chunk and reads it back whole and as a stream', run(async (store) => {
      const meta = await store.putStream(chunks(10, 100_000), { owner: 'user:u1', maxBytes: 1_000_000, judge: textOnly });
      expect(meta).toMatchObject({ mediaType: 'text/plain', size: 1_000_000, owner: 'user:u1' });
      expect(meta.sha256).toBe(createHash('sha256').update(new Uint8Array(1_000_000).fill(0x41)).digest('hex'));
      const got = await store.get(meta.idFile);
      expect(got?.bytes.length).toBe(1_000_000);
      expect(got?.bytes.every((b) => b === 0x41)).toBe(true);
      const opened = await store.open(meta.idFile);
      let read = 0;
      for await (const chunk of opened!.stream) read += (chunk as Buffer).length;
      expect(read).toBe(1_000_000);
      expect(await store.meta(meta.idFile)).toEqual(meta);
    }));

    it('stops a streamed write one byte past its limit and keeps nothing of it', run(async (store, count) => {
      const before = await count();
      await expect(store.putStream(chunks(11, 100_000), { owner: 'user:u1', maxBytes: 1_000_000, judge: textOnly })).rejects.toBeInstanceOf(BlobTooLargeError);
      await expect(store.putStream(chunks(1, 1_000_001), { owner: 'user:u1', maxBytes: 1_000_000, judge: textOnly })).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(await count()).toBe(before);
    }));

    it('refuses a content its judge refuses, even past the first chunk, and keeps nothing of it', run(async (store, count) => {
      const before = await count();
      async function* htmlThenBinary() { yield new Uint8Array(3000).fill(0x41); yield new Uint8Array(3000); }
      await expect(store.putStream(htmlThenBinary(), { owner: 'user:u1', maxBytes: 1_000_000, judge: textOnly })).rejects.toBeInstanceOf(BlobRefusedError);
      expect(await count()).toBe(before);
      const small = await store.putStream(chunks(1, 10), { owner: 'user:u1', maxBytes: 100, judge: textOnly });
      expect(small.size).toBe(10); // shorter than the head: judged at the end
    }));

    it('removes a partial file when the source fails midway', run(async (store, count) => {
      const before = await count();
      async function* broken() { yield new Uint8Array(300_000).fill(0x41); throw new Error('connection reset'); }
      await expect(store.putStream(broken(), { owner: 'user:u1', maxBytes: 1_000_000, judge: textOnly })).rejects.toThrow('connection reset');
      expect(await count()).toBe(before);
    }));

    it('changes an owner, deletes by owner, and knows nothing of foreign ids', run(async (store) => {
      const user = owner();
      const a = await store.put(Uint8Array.from([1, 2, 3]), 'image/png', user);
      const b = await store.putStream(chunks(1, 10), { owner: user, maxBytes: 100, judge: textOnly });
      expect(await store.setOwner(a.idFile, 'vehicle:v1')).toBe(true);
      expect((await store.meta(a.idFile))?.owner).toBe('vehicle:v1');
      expect(await store.setOwner('../x', 'vehicle:v1')).toBe(false);
      expect(await store.deleteOwnedBy(user)).toEqual([b.idFile]);
      expect(await store.get(b.idFile)).toBeNull();
      expect(await store.open(b.idFile)).toBeNull();
      expect(new Uint8Array((await store.get(a.idFile))!.bytes)).toEqual(Uint8Array.from([1, 2, 3]));
      expect(await store.delete(a.idFile)).toBe(true);
      expect(await store.meta(a.idFile)).toBeNull();
    }));
  });
}
