import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { API_ERROR_CODES, type UploadedTopCmsImage } from '@auction/contracts';
import { BLOB_STORE, BlobRefusedError, BlobTooLargeError, type BlobStore } from '@auction/blob-store';
import { streamId, type TopCmsImage, type TopCmsSlot } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { MultipartError, discardMultipart } from '../../identity/registration/multipart.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { CLOCK, type Clock } from '../../platform/engine/tokens.js';
import { readStreamedUpload } from '../../platform/http/uploads/streamed-multipart.js';
import { PhotoRefusedError, UploadRefusal } from '../../platform/http/uploads/upload-refusal.js';
import {
  BANNER_LIMITS, ImageTooSmallError, bannerOwner, filesOfImage, imageView, readBannerImage, storeBannerImage, tempImageUrl, tempOwner,
} from './banner-images.js';

/** A public image's bytes and how to answer them. */
export interface PublicImage {
  readonly stream: Readable;
  readonly mediaType: string;
  readonly size: number;
  readonly etag: string;
}

/** The public prefixes (`open/image`) and the temporary one (`open/temp-image`), each followed by one blob id, nothing else. */
const PUBLIC_PATH = /^(top-cms|partner-logo)\/([A-Za-z0-9_-]{32})$/;
const TEMP_PATH = /^temp\/([A-Za-z0-9_-]{32})$/;
const RENDITION_TYPES = new Set(['image/avif', 'image/webp']);
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const LOGO_OWNER = /^user:/;

const notFound = () => new UploadRefusal(404, API_ERROR_CODES.PUBLIC_IMAGE_NOT_FOUND, 'no public image at this path');

/**
 * The top banners' images (issue 23 item 6): uploads through the photo pipeline (sharp; AVIF and WebP renditions in
 * the sizes of the device, nothing of a refused file kept), the claim of an upload by the banner that saves it, and
 * the public and temporary images served by path. An upload belongs to its uploader for {@link BANNER_LIMITS.ttlMs}:
 * a banner of that user saves it (its files then belong to the banner), else this instance deletes it when it expires
 * (files of an instance stopped meanwhile are no longer served, and stay until the blob store's owner is erased).
 */
@Injectable()
export class BannerImageStore implements OnModuleDestroy {
  private readonly pending = new Map<string, { idUser: string; timer: NodeJS.Timeout }>();

  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly model: LiveReadModel,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleDestroy(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
  }

  /** `POST /admin/top-cms/image?slot=`: one multipart part `file`; the renditions, previewed by `open/temp-image`. */
  async upload(actor: Actor, body: unknown, slot: TopCmsSlot): Promise<UploadedTopCmsImage> {
    if ([...this.pending.values()].filter((p) => p.idUser === actor.idUser).length >= BANNER_LIMITS.pendingPerUser) {
      discardMultipart(body);
      throw new UploadRefusal(409, API_ERROR_CODES.TOP_CMS_IMAGES_PENDING, `at most ${BANNER_LIMITS.pendingPerUser} images wait to be saved: save a banner or wait for them to expire`);
    }
    let upload;
    try {
      upload = await readStreamedUpload<TopCmsImage>(body, {
        fields: [], maxFileBytes: BANNER_LIMITS.bytes,
        onFile: (file) => storeBannerImage(this.blobs, file, slot, actor.idUser),
        discard: (image) => this.deleteFiles(image),
      });
    } catch (error) {
      throw refusalOf(error);
    }
    const image = upload.file;
    if (!image) throw new UploadRefusal(400, API_ERROR_CODES.TOP_CMS_IMAGE_MALFORMED, 'the file is missing', [{ field: 'file', rule: 'missing' }]);
    const timer = setTimeout(() => void this.expire(image.idImage), BANNER_LIMITS.ttlMs);
    timer.unref();
    this.pending.set(image.idImage, { idUser: actor.idUser, timer });
    return { ...imageView(image, tempImageUrl), slot, expiresAt: new Date(this.clock.now() + BANNER_LIMITS.ttlMs).toISOString() };
  }

  /**
   * The image a banner names: one the caller uploaded and has not expired, or one of this banner already (an edit
   * sending it again). Anything else (unknown, another user's, expired, another banner's): 404401.
   */
  async claim(actor: Actor, idImage: string, idTopCms: string): Promise<TopCmsImage> {
    const found = await readBannerImage(this.blobs, idImage);
    const fresh = found !== null && this.clock.now() - found.createdAt < BANNER_LIMITS.ttlMs;
    if (found && (found.owner === bannerOwner(idTopCms) || (found.owner === tempOwner(actor.idUser) && fresh))) return found.image;
    throw new UploadRefusal(404, API_ERROR_CODES.TOP_CMS_IMAGE_NOT_FOUND, 'no image of yours with this id waits to be saved (upload it again)', [{ field: 'image', rule: 'unknown' }]);
  }

  /** Once a banner is written: its images' files become the banner's (served publicly from then on). */
  async adopt(images: readonly TopCmsImage[], idTopCms: string): Promise<void> {
    for (const image of images) {
      await Promise.all(filesOfImage(image).map((id) => this.blobs.setOwner(id, bannerOwner(idTopCms))));
      const pending = this.pending.get(image.idImage);
      if (pending) clearTimeout(pending.timer);
      this.pending.delete(image.idImage);
    }
  }

  /** Deletes the files of images a banner no longer shows (replaced, or the banner deleted). */
  async release(images: readonly TopCmsImage[]): Promise<void> {
    for (const image of images) await this.deleteFiles(image);
  }

  /**
   * `open/image?path=`: a rendition of a banner that exists (`top-cms/<id>`) or a logo of a template not deleted
   * (`partner-logo/<id>`). Any other path (`..`, encoded dots, absolute, a backslash, another prefix, a private file's
   * id) is answered as a missing image: 404402.
   */
  async publicImage(path: string): Promise<PublicImage> {
    const match = PUBLIC_PATH.exec(path);
    if (!match) throw notFound();
    const [, prefix, id] = match as unknown as [string, string, string];
    const meta = await this.blobs.meta(id);
    if (!meta) throw notFound();
    if (prefix === 'top-cms') {
      const idTopCms = meta.owner.startsWith('topcms:') ? meta.owner.slice('topcms:'.length) : null;
      const banner = idTopCms ? this.model.topCms.get(streamId.topCms(idTopCms)) : undefined;
      if (banner?.status !== 'ACTIVE' || !RENDITION_TYPES.has(meta.mediaType)) throw notFound();
    } else {
      const isLogo = [...this.model.templates.values()].some((t) => t.status !== 'NONE' && t.status !== 'DELETED' && (t.data.largeLogo === id || t.data.smallLogo === id));
      // A logo is a staff upload (`POST /secure/file`: owner `user:<id>`): never a dealer's registration document nor a
      // vehicle's file, even if a template named its id.
      if (!isLogo || !LOGO_TYPES.has(meta.mediaType) || !LOGO_OWNER.test(meta.owner)) throw notFound();
    }
    return this.open(id);
  }

  /** `open/temp-image?path=temp/<id>`: a rendition of an upload not saved yet and not expired; else 404402. */
  async tempImage(path: string): Promise<PublicImage> {
    const match = TEMP_PATH.exec(path);
    if (!match) throw notFound();
    const meta = await this.blobs.meta(match[1]!);
    if (!meta || !meta.owner.startsWith('topcms-temp:') || !RENDITION_TYPES.has(meta.mediaType)) throw notFound();
    if (this.clock.now() - Date.parse(meta.createdAt) >= BANNER_LIMITS.ttlMs) throw notFound();
    return this.open(meta.idFile);
  }

  private async open(id: string): Promise<PublicImage> {
    const file = await this.blobs.open(id);
    if (!file) throw notFound();
    return { stream: file.stream, mediaType: file.meta.mediaType, size: file.meta.size, etag: `"${id}"` };
  }

  private async expire(idImage: string): Promise<void> {
    this.pending.delete(idImage);
    const found = await readBannerImage(this.blobs, idImage).catch(() => null);
    if (found?.owner.startsWith('topcms-temp:')) await this.deleteFiles(found.image);
  }

  private async deleteFiles(image: TopCmsImage): Promise<void> {
    await Promise.all(filesOfImage(image).map((id) => this.blobs.delete(id).catch(() => undefined)));
  }
}

/** The refusal of a banner image upload: each with its own code, nothing kept. */
function refusalOf(error: unknown): UploadRefusal {
  if (error instanceof UploadRefusal) return error;
  if (error instanceof BlobTooLargeError) return new UploadRefusal(413, API_ERROR_CODES.TOP_CMS_IMAGE_TOO_LARGE, `a banner image has at most ${BANNER_LIMITS.bytes} bytes`, [{ field: 'file', rule: 'tooLarge' }]);
  if (error instanceof BlobRefusedError) return new UploadRefusal(422, API_ERROR_CODES.TOP_CMS_IMAGE_WRONG_TYPE, `the file's content is refused: ${error.reason}`, [{ field: 'file', rule: 'type' }]);
  if (error instanceof ImageTooSmallError) return new UploadRefusal(422, API_ERROR_CODES.TOP_CMS_IMAGE_TOO_SMALL, error.message, [{ field: 'file', rule: 'tooSmall' }]);
  if (error instanceof PhotoRefusedError) {
    return error.problem === 'tooManyPixels'
      ? new UploadRefusal(413, API_ERROR_CODES.TOP_CMS_IMAGE_TOO_MANY_PIXELS, error.message, [{ field: 'file', rule: 'pixels' }])
      : new UploadRefusal(422, API_ERROR_CODES.TOP_CMS_IMAGE_UNREADABLE, error.message, [{ field: 'file', rule: 'unreadable' }]);
  }
  if (error instanceof MultipartError) {
    if (error.problem === 'busy') return new UploadRefusal(429, API_ERROR_CODES.TOO_MANY_REQUESTS, error.message);
    if (error.problem === 'tooLarge') return new UploadRefusal(413, API_ERROR_CODES.TOP_CMS_IMAGE_TOO_LARGE, error.message);
    return new UploadRefusal(400, API_ERROR_CODES.TOP_CMS_IMAGE_MALFORMED, error.message, [{ field: 'body', rule: 'malformed' }]);
  }
  throw error;
}
