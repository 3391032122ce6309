import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { API_ERROR_CODES, type PhotoSize } from '@auction/contracts';
import { BLOB_STORE, type BlobMeta, type BlobStore } from '@auction/blob-store';
import { recordOf } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { UploadRefusal } from '../../platform/http/uploads/upload-refusal.js';
import { VehicleGate } from './vehicle-gate.js';
import { PhotoVariants, type PhotoVariant } from './vehicle-photos.js';

/** The one answer for a file that does not exist and one the caller may not see: existence is not disclosed. */
function notFound(): UploadRefusal {
  return new UploadRefusal(404, API_ERROR_CODES.VEHICLE_FILE_NOT_FOUND, 'file not found');
}

/**
 * Serves vehicle photos and documents to those allowed to see them: a file still in a temporary batch only to its
 * uploader; a saved one to whoever may see its vehicle (the vehicles context's rule), and only
 * while the vehicle still has it.
 */
@Injectable()
export class VehicleFilesService {
  private readonly variants: PhotoVariants;

  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore, private readonly gate: VehicleGate) {
    this.variants = new PhotoVariants(blobs);
  }

  /** A photo's variant for the caller, or 404212. */
  async photo(actor: Actor, idImage: string, size: PhotoSize, format: 'webp' | 'jpeg'): Promise<PhotoVariant> {
    const meta = await this.allowed(actor, idImage);
    if (!meta.mediaType.startsWith('image/')) throw notFound();
    const variant = await this.variants.render(idImage, size, format).catch(() => null);
    if (!variant) throw notFound();
    return variant;
  }

  /** Whether the caller may see the photo (for a conditional request answered 304 without rendering). */
  async mayViewPhoto(actor: Actor, idImage: string): Promise<boolean> {
    return this.allowed(actor, idImage).then((m) => m.mediaType.startsWith('image/'), () => false);
  }

  /** A document as a stream for the caller (`pdf`: a PDF only), or 404212. */
  async document(actor: Actor, idFile: string, pdfOnly: boolean): Promise<{ meta: BlobMeta; stream: Readable }> {
    const meta = await this.allowed(actor, idFile);
    if (pdfOnly && meta.mediaType !== 'application/pdf') throw notFound();
    const opened = await this.blobs.open(idFile);
    if (!opened) throw notFound();
    return opened;
  }

  /** The file's description when the caller may see it; 404212 otherwise. */
  private async allowed(actor: Actor, idFile: string): Promise<BlobMeta> {
    const meta = await this.blobs.meta(idFile);
    if (!meta) throw notFound();
    if (meta.owner.startsWith('user:')) {
      // A batch's file is its uploader's alone: the back office sees it once saved, by the vehicle's rule (and its markets).
      if (meta.owner === `user:${actor.idUser}`) return meta;
      throw notFound();
    }
    if (!meta.owner.startsWith('vehicle:')) throw notFound(); // registration documents are the back office's, elsewhere
    const state = await this.gate.state(meta.owner.slice('vehicle:'.length));
    const record = recordOf(state);
    const attached = record !== null && (record.photos.includes(idFile) || record.documents.some((d) => d.idBlob === idFile));
    if (!attached || !(await this.gate.shows(actor, state))) throw notFound();
    return meta;
  }
}
