import sharp from 'sharp';
import { BlobRefusedError, BlobTooLargeError, type BlobStore } from '@auction/blob-store';
import type { ImageSource, TopCmsImageView } from '@auction/contracts';
import type { TopCmsImage, TopCmsImageVariant, TopCmsSlot } from '@auction/domain';
import { sniffPhoto } from '../../platform/http/uploads/content-types.js';
import { PhotoRefusedError } from '../../platform/http/uploads/upload-refusal.js';

/** Limits of a banner image upload: bytes, pixels (sharp refuses a bigger image from its header), waiting uploads. */
export const BANNER_LIMITS = { bytes: 10 * 1024 * 1024, pixels: 40_000_000, pendingPerUser: 20, ttlMs: 2 * 60 * 60 * 1000 } as const;

/**
 * The widths rendered for each device (never enlarged): the slot's full width and a smaller one (the same device at
 * 1x, or a narrower one), so a `<picture>` with `srcset` picks what the screen needs. Below the smaller width the
 * image is refused (422403): a banner stretched on a screen looks broken.
 */
export const SLOT_WIDTHS: Readonly<Record<TopCmsSlot, readonly [number, number]>> = { desktop: [1920, 1280], tablet: [1024, 768], mobile: [828, 480] };

/** What the renditions are encoded as: AVIF first (smallest), WebP for every browser that lacks AVIF. */
const FORMATS = [
  { mediaType: 'image/avif', encode: (image: sharp.Sharp) => image.avif({ quality: 55, effort: 2 }) },
  { mediaType: 'image/webp', encode: (image: sharp.Sharp) => image.webp({ quality: 80 }) },
] as const;

/** Owner of a banner image's files until a banner saves it: the uploader's. */
export const tempOwner = (idUser: string) => `topcms-temp:${idUser}`;
/** Owner of a saved banner's image files. */
export const bannerOwner = (idTopCms: string) => `topcms:${idTopCms}`;

/** Reads a stream whole, refusing one byte past `max` ({@link BlobTooLargeError}) and a non-picture by its first bytes. */
async function readPicture(source: AsyncIterable<Uint8Array>, max: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let judged = false;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > max) throw new BlobTooLargeError(max);
    chunks.push(chunk);
    // Judged by the first bytes, before the rest is read: an HTML page named .png stops here.
    if (!judged && size >= 16) {
      judged = true;
      if (!sniffPhoto(Buffer.concat(chunks))) throw new BlobRefusedError('not a JPEG, PNG or WebP picture');
    }
  }
  const bytes = Buffer.concat(chunks);
  if (!sniffPhoto(bytes)) throw new BlobRefusedError('not a JPEG, PNG or WebP picture');
  return bytes;
}

/** A decoding failure as the refusal it is: too many pixels, or not a readable picture. */
function decodeError(error: unknown): Error {
  if (error instanceof BlobTooLargeError || error instanceof BlobRefusedError || error instanceof PhotoRefusedError || error instanceof ImageTooSmallError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new PhotoRefusedError('tooManyPixels', `a banner image has at most ${BANNER_LIMITS.pixels} pixels`);
  return new PhotoRefusedError('unreadable', 'the picture cannot be read');
}

/** An image narrower than its device needs. */
export class ImageTooSmallError extends Error {
  constructor(readonly slot: TopCmsSlot, readonly width: number, readonly minWidth: number) {
    super(`a ${slot} banner image is at least ${minWidth} pixels wide (this one: ${width})`);
    this.name = 'ImageTooSmallError';
  }
}

/**
 * Stores an uploaded banner image as its renditions: decoded by sharp within the pixel limit, turned upright by its
 * EXIF orientation, resized to the slot's widths and encoded as AVIF and WebP WITHOUT any metadata (sharp keeps none
 * unless asked), each a blob of the uploader; the list of them goes to a small JSON blob whose id is the image's id.
 * The original is never kept. Any refusal or failure deletes whatever was stored: nothing is kept.
 */
export async function storeBannerImage(blobs: BlobStore, file: AsyncIterable<Uint8Array>, slot: TopCmsSlot, idUser: string): Promise<TopCmsImage> {
  const stored: string[] = [];
  try {
    const bytes = await readPicture(file, BANNER_LIMITS.bytes);
    const options = { limitInputPixels: BANNER_LIMITS.pixels, failOn: 'error' } as const;
    const upright = await sharp(bytes, options).rotate().toBuffer({ resolveWithObject: true }).catch((e: unknown) => { throw decodeError(e); });
    const [full, small] = SLOT_WIDTHS[slot];
    if (upright.info.width < small) throw new ImageTooSmallError(slot, upright.info.width, small);
    const widths = [...new Set([Math.min(full, upright.info.width), small])];
    const variants: TopCmsImageVariant[] = [];
    for (const format of FORMATS) {
      for (const width of widths) {
        const out = await format.encode(sharp(upright.data, options).resize({ width, withoutEnlargement: true })).toBuffer({ resolveWithObject: true });
        const meta = await blobs.put(out.data, format.mediaType, tempOwner(idUser));
        stored.push(meta.idFile);
        variants.push({ idFile: meta.idFile, width: out.info.width, height: out.info.height, mediaType: format.mediaType });
      }
    }
    const manifest = await blobs.put(Buffer.from(JSON.stringify({ slot, variants })), 'application/json', tempOwner(idUser));
    return { idImage: manifest.idFile, variants };
  } catch (error) {
    await Promise.all(stored.map((id) => blobs.delete(id).catch(() => undefined)));
    throw decodeError(error);
  }
}

/** The image an id names, with its owner and age, or null (unknown, not a banner image's list). */
export async function readBannerImage(blobs: BlobStore, idImage: string): Promise<{ image: TopCmsImage; owner: string; createdAt: number } | null> {
  const file = await blobs.get(idImage);
  if (!file || file.meta.mediaType !== 'application/json' || !file.meta.owner.startsWith('topcms')) return null;
  try {
    const parsed = JSON.parse(file.bytes.toString('utf8')) as { variants?: TopCmsImageVariant[] };
    if (!Array.isArray(parsed.variants)) return null;
    return { image: { idImage, variants: parsed.variants }, owner: file.meta.owner, createdAt: Date.parse(file.meta.createdAt) };
  } catch {
    return null;
  }
}

/** Every file of an image (its renditions and its list). */
export const filesOfImage = (image: TopCmsImage): string[] => [...image.variants.map((v) => v.idFile), image.idImage];

/** The public URL of a saved banner's rendition. */
export const publicImageUrl = (idFile: string) => `/api/v1/open/image?path=top-cms/${idFile}`;
/** The URL of a rendition of an image not saved yet (the form's preview). */
export const tempImageUrl = (idFile: string) => `/api/v1/open/temp-image?path=temp/${idFile}`;

/** An image as the wire shows it: its renditions AVIF first then WebP, widest first. */
export function imageView(image: TopCmsImage, url: (idFile: string) => string = publicImageUrl): TopCmsImageView {
  const rank = (t: string) => (t === 'image/avif' ? 0 : 1);
  const sources: ImageSource[] = [...image.variants]
    .sort((a, b) => rank(a.mediaType) - rank(b.mediaType) || b.width - a.width)
    .map((v) => ({ url: url(v.idFile), width: v.width, height: v.height, type: v.mediaType }));
  return { idImage: image.idImage, sources };
}

/** The URL of an image's widest WebP rendition (the spec's `imageUrl`: every browser shows WebP). */
export function widestWebp(image: TopCmsImage, url: (idFile: string) => string = publicImageUrl): string {
  const webp = image.variants.filter((v) => v.mediaType === 'image/webp').sort((a, b) => b.width - a.width)[0] ?? image.variants[0];
  return webp ? url(webp.idFile) : '';
}
