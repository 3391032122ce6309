import { Inject, Injectable } from '@nestjs/common';
import { useDemoBlobStore } from '../../demo/demo-dealers.js';
import { BLOB_STORE, type BlobStore } from '../../identity/registration/blob-store.js';

/**
 * Hands the blob store to the demo seeding (which runs outside Nest, after start-up), so the demo's waiting
 * registrations carry real documents the back-office can download.
 */
@Injectable()
export class DemoDocumentsLink {
  constructor(@Inject(BLOB_STORE) blobs: BlobStore) {
    useDemoBlobStore(blobs);
  }
}
