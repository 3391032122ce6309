import { Readable, pipeline } from 'node:stream';
import sharp from 'sharp';
import { BlobRefusedError, BlobTooLargeError, type BlobMeta, type BlobStore } from '@auction/blob-store';
import type { PhotoSize } from '@auction/contracts';
import { judgeDocument, judgePhoto, sniffPhoto } from '../../platform/http/uploads/content-types.js';
import { PhotoRefusedError } from '../../platform/http/uploads/upload-refusal.js';

/**
 * Most pixels a photo may have (40 megapixels: a full-frame camera's). sharp refuses a bigger image from its header,
 * before decoding it: a 50,000 × 50,000 PNG of a few KiB (a decompression bomb) never becomes 10 GB of pixels.
 */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** Most bytes of an uploaded photo. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** Widths of the served sizes (never enlarged); the original keeps its own. */
export const PHOTO_WIDTHS: Record<Exclude<PhotoSize, 'original'>, number> = { thumb: 320, display: 1280 };

// libvips' own operation cache would keep decoded images of every photo served; the variant cache below is enough.
sharp.cache(false);


function photoError(error: unknown): Error {
  if (error instanceof BlobTooLargeError || error instanceof BlobRefusedError || error instanceof PhotoRefusedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new PhotoRefusedError('tooManyPixels', `a photo has at most ${MAX_PHOTO_PIXELS} pixels`);
  return new PhotoRefusedError('unreadable', 'the picture cannot be read');
}

/** The first bytes of a stream and an iterable of the whole stream again (those bytes first). */
async function withHead(source: AsyncIterable<Uint8Array>, bytes: number): Promise<{ head: Buffer; all: AsyncGenerator<Uint8Array>; cancel: () => Promise<unknown> }> {
  const iterator = source[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let size = 0;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    taken.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(taken);
  async function* all() {
    try {
      yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  }
  return { head, all: all(), cancel: async () => iterator.return?.() };
}

/** Counts bytes through; one past `max` fails the stream. */
async function* limited(source: AsyncIterable<Uint8Array>, max: number): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > max) throw new BlobTooLargeError(max);
    yield chunk;
  }
}

/**
 * Stores an uploaded photo once: judged by its first bytes (JPEG, PNG, WebP, else {@link BlobRefusedError}), decoded
 * by sharp within {@link MAX_PHOTO_PIXELS}, turned upright by its EXIF orientation and written again in its own
 * format WITHOUT its metadata (EXIF with GPS, XMP, IPTC; sharp keeps none unless asked), straight into the blob
 * store as a stream. A refusal leaves nothing stored.
 */
export async function storePhoto(blobs: BlobStore, file: AsyncIterable<Uint8Array>, owner: string): Promise<BlobMeta> {
  const { head, all, cancel } = await withHead(file, 16);
  const type = sniffPhoto(head);
  if (!type) {
    await cancel();
    throw new BlobRefusedError('not a JPEG, PNG or WebP picture');
  }
  const decoder = sharp({ limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', sequentialRead: true }).rotate();
  const encoder = type === 'image/png' ? decoder.png({ compressionLevel: 8 }) : type === 'image/webp' ? decoder.webp({ quality: 90 }) : decoder.jpeg({ quality: 90, mozjpeg: true });
  let inputError: unknown = null;
  pipeline(Readable.from(limited(all, MAX_PHOTO_BYTES)), encoder, (error) => { if (error) inputError ??= error; });
  try {
    return await blobs.putStream(encoder, { owner, maxBytes: 2 * MAX_PHOTO_BYTES, judge: judgePhoto });
  } catch (error) {
    throw photoError(inputError ?? error);
  }
}

/**
 * Stores an uploaded vehicle document (appraisal, data sheet, recognition document, other): a PDF as sent, a scan (JPEG
 * or PNG) as a photo is, through {@link storePhoto}: decoded within the pixel limit and written again without its
 * metadata. A phone's scan kept its EXIF (GPS, the camera owner's name) and a PNG bomb went to every browser that
 * opened it, since documents were stored as sent. Anything else is refused by {@link judgeDocument}.
 */
export async function storeDocument(blobs: BlobStore, file: AsyncIterable<Uint8Array>, owner: string, maxBytes: number): Promise<BlobMeta> {
  const { head, all } = await withHead(file, 16);
  const type = sniffPhoto(head);
  if (type === 'image/jpeg' || type === 'image/png') return storePhoto(blobs, all, owner);
  return blobs.putStream(all, { owner, maxBytes, judge: judgeDocument });
}

/** What {@link PhotoVariants.render} answers. */
export interface PhotoVariant {
  readonly bytes: Buffer;
  readonly mediaType: 'image/webp' | 'image/jpeg';
}

/** Bytes of rendered variants kept in memory (least recently used dropped first). */
const VARIANT_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The served sizes of a stored photo, in WebP or JPEG: rendered on first request from the one stored original and
 * kept in a bounded in-memory cache. A blob id names one content for ever, so a variant never changes either.
 */
export class PhotoVariants {
  private readonly cache = new Map<string, PhotoVariant>();
  private cached = 0;

  constructor(private readonly blobs: BlobStore) {}

  async render(idFile: string, size: PhotoSize, format: 'webp' | 'jpeg'): Promise<PhotoVariant | null> {
    const key = `${idFile}:${size}:${format}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const file = await this.blobs.get(idFile);
    if (!file || !sniffPhoto(file.bytes)) return null;
    let image = sharp(file.bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' });
    if (size !== 'original') image = image.resize({ width: PHOTO_WIDTHS[size], withoutEnlargement: true });
    const bytes = format === 'webp'
      ? await image.webp({ quality: size === 'thumb' ? 70 : 82 }).toBuffer()
      : await image.flatten({ background: '#ffffff' }).jpeg({ quality: size === 'thumb' ? 72 : 85, mozjpeg: true }).toBuffer();
    const variant: PhotoVariant = { bytes, mediaType: format === 'webp' ? 'image/webp' : 'image/jpeg' };
    this.cache.set(key, variant);
    this.cached += bytes.length;
    for (const [k, v] of this.cache) {
      if (this.cached <= VARIANT_CACHE_BYTES) break;
      this.cache.delete(k);
      this.cached -= v.bytes.length;
    }
    return variant;
  }
}

/** WebP when the `Accept` header takes it (with a quality above 0), else JPEG, which every client shows. */
export function photoFormatFor(accept: string | undefined): 'webp' | 'jpeg' {
  for (const part of (accept ?? '').split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';').map((p) => p.trim());
    if (type !== 'image/webp') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q && Number(q.slice(2)) === 0 ? 'jpeg' : 'webp';
  }
  return 'jpeg';
}
