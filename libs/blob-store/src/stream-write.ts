import { createHash } from 'node:crypto';
import { BlobRefusedError, BlobTooLargeError, type PutStreamOptions } from './blob-store.js';

/** What a streamed write learnt of the file. */
export interface StreamedFile {
  readonly mediaType: string;
  readonly size: number;
  readonly sha256: string;
}

const DEFAULT_HEAD_BYTES = 4096;

/**
 * Reads `source` chunk by chunk into `sink`: the first bytes are held until the judge has seen them (a refused file
 * never reaches the sink), the rest goes through as it comes, counted and hashed. Throws {@link BlobTooLargeError} as
 * soon as one byte more than `maxBytes` arrived, {@link BlobRefusedError} when the judge refuses; the adapter removes
 * what the sink wrote.
 */
export async function writeStream(
  source: AsyncIterable<Uint8Array>, options: PutStreamOptions, sink: (chunk: Uint8Array) => Promise<void>,
): Promise<StreamedFile> {
  const headBytes = options.headBytes ?? DEFAULT_HEAD_BYTES;
  const hash = createHash('sha256');
  let size = 0;
  let head: Uint8Array[] | null = [];
  let headSize = 0;
  let mediaType = '';
  const judgeHead = async () => {
    const bytes = Buffer.concat(head!);
    head = null;
    const verdict = options.judge(bytes.subarray(0, headBytes));
    if (typeof verdict !== 'string') throw new BlobRefusedError(verdict.refused);
    mediaType = verdict;
    if (bytes.length > 0) await sink(bytes);
  };
  for await (const raw of source) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw) : raw;
    size += chunk.length;
    if (size > options.maxBytes) throw new BlobTooLargeError(options.maxBytes);
    hash.update(chunk);
    if (head) {
      head.push(chunk);
      headSize += chunk.length;
      if (headSize >= headBytes) await judgeHead();
    } else {
      await sink(chunk);
    }
  }
  if (head) await judgeHead();
  return { mediaType, size, sha256: hash.digest('hex') };
}
