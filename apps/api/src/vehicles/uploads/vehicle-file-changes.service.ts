import { Inject, Injectable } from '@nestjs/common';
import { API_ERROR_CODES, type AttachedVehicleFile, type VehicleFilesView } from '@auction/contracts';
import { BLOB_STORE, type BlobMeta, type BlobStore } from '@auction/blob-store';
import { recordOf, type VehicleFileKind, type VehicleState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { KeyedSerial } from '../../platform/engine/keyed-serial.js';
import { discardMultipart } from '../../identity/registration/multipart.js';
import { readStreamedUpload } from '../../platform/http/uploads/streamed-multipart.js';
import { UploadRefusal, refusalOf } from '../../platform/http/uploads/upload-refusal.js';
import type { CallKeys } from '../vehicle-commands.js';
import { VehicleGate } from './vehicle-gate.js';
import { MAX_PHOTO_BYTES, storeDocument, storePhoto } from './vehicle-photos.js';
import { VEHICLE_UPLOAD_LIMITS, VehicleUploadsService } from './vehicle-uploads.service.js';

/** A saved vehicle's files as the calls answer them. */
export function filesOf(idVehicle: string, state: VehicleState): VehicleFilesView {
  const record = recordOf(state);
  return {
    idVehicle,
    photos: [...(record?.photos ?? [])],
    documents: (record?.documents ?? []).map((d) => ({ idBlob: d.idBlob, kind: d.kind })),
  };
}

/**
 * Photos and documents of a saved vehicle (`POST /vehicle/{id}/photos`, `/documents`, `DELETE /vehicle/{id}/file/{idBlob}`,
 * `PUT /vehicle/{id}/photo-order`): the upload pipeline of the loading calls (streamed to the blob store, judged by
 * content, photos re-encoded by sharp without metadata, the per-user hourly limit), and the vehicle's own commands
 * through {@link VehicleGate} (who may: `VehicleAccess`; what: the decider). Nothing stored outlives a refusal.
 */
@Injectable()
export class VehicleFileChanges {
  /**
   * The file changes of one vehicle, one at a time once their bytes are stored: the look for the same bytes and the attach,
   * or a remove and the deletion of its bytes, are one step. Without it, the same photo sent twice at once (a double
   * click) was attached twice, and a remove between that look and the attach left the vehicle naming deleted bytes.
   */
  private readonly perVehicle = new KeyedSerial();

  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly gate: VehicleGate,
    private readonly uploads: VehicleUploadsService,
  ) {}

  /**
   * Reads one uploaded file and attaches it. Before the body is read: the hourly limit (429200), who may and whether the
   * vehicle takes one more (the gate). A file whose bytes the vehicle has already (a retried upload whose answer was lost,
   * sent without an Idempotency-Key) attaches nothing new: the answer names the file already there.
   */
  async attach(actor: Actor, idVehicle: string, body: unknown, kind: VehicleFileKind, keys: CallKeys): Promise<AttachedVehicleFile> {
    await this.uploads.admit(actor, body, false);
    try {
      await this.gate.assertMayAttach(actor, idVehicle, kind);
    } catch (error) {
      discardMultipart(body);
      throw error;
    }
    const owner = `vehicle:${idVehicle}`;
    const maxBytes = kind === 'PHOTO' ? MAX_PHOTO_BYTES : VEHICLE_UPLOAD_LIMITS.documentBytes;
    let upload;
    try {
      upload = await readStreamedUpload<BlobMeta>(body, {
        fields: [], maxFileBytes: maxBytes,
        onFile: (file) => kind === 'PHOTO' ? storePhoto(this.blobs, file, owner) : storeDocument(this.blobs, file, owner, maxBytes),
        discard: (meta) => this.blobs.delete(meta.idFile),
      });
    } catch (error) {
      throw refusalOf(error, maxBytes);
    }
    const meta = upload.file;
    if (!meta) throw new UploadRefusal(400, API_ERROR_CODES.VEHICLE_UPLOAD_MALFORMED, 'the file is missing', [{ field: 'file', rule: 'missing' }]);
    return this.perVehicle.run(idVehicle, async () => {
      let kept = false;
      try {
        const idBlob = (await this.sameContent(idVehicle, meta)) ?? meta.idFile;
        await this.gate.attach(actor, idVehicle, idBlob, kind, keys);
        kept = idBlob === meta.idFile;
        return { ...filesOf(idVehicle, await this.gate.state(idVehicle)), idBlob, kind, mediaType: meta.mediaType, size: meta.size };
      } finally {
        if (!kept) await this.blobs.delete(meta.idFile).catch(() => undefined);
      }
    });
  }

  /** Removes a file; its bytes go too (no one may see a file its vehicle no longer has). A file it lacks: no change. */
  remove(actor: Actor, idVehicle: string, idBlob: string, keys: CallKeys): Promise<VehicleFilesView> {
    return this.perVehicle.run(idVehicle, async () => {
      await this.gate.remove(actor, idVehicle, idBlob, keys);
      const files = filesOf(idVehicle, await this.gate.state(idVehicle));
      const still = files.photos.includes(idBlob) || files.documents.some((d) => d.idBlob === idBlob);
      const meta = still ? null : await this.blobs.meta(idBlob);
      if (meta?.owner === `vehicle:${idVehicle}`) await this.blobs.delete(idBlob).catch(() => undefined);
      return files;
    });
  }

  /** Puts the photos in a new order (every photo once, else 422212). */
  async reorder(actor: Actor, idVehicle: string, idBlobs: readonly string[], keys: CallKeys): Promise<VehicleFilesView> {
    await this.gate.reorder(actor, idVehicle, idBlobs, keys);
    return filesOf(idVehicle, await this.gate.state(idVehicle));
  }

  /** The id of a file of the vehicle with the same bytes as `meta`'s, if any. */
  private async sameContent(idVehicle: string, meta: BlobMeta): Promise<string | null> {
    const files = filesOf(idVehicle, await this.gate.state(idVehicle));
    for (const id of [...files.photos, ...files.documents.map((d) => d.idBlob)]) {
      const other = await this.blobs.meta(id);
      if (other && other.sha256 === meta.sha256 && other.size === meta.size) return id;
    }
    return null;
  }
}
