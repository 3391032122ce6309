import type { Provider, Type } from '@nestjs/common';
import { join } from 'node:path';
import type { AppConfig } from '../../platform/config/app-config.js';
import { APP_CONFIG, FANOUT } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { BLOB_STORE, FileBlobStore, SqlBlobStore, type BlobStore } from '@auction/blob-store';
import { DealerDirectory } from './dealer-directory.service.js';
import { FilesController } from './files.controller.js';
import { MultipartParsing } from './multipart.js';
import { RegistrationController } from './registration.controller.js';
import { RegistrationService, SIGN_UP_LIMITS, signUpLimitsFrom } from './registration.service.js';
import { UploadsService } from './uploads.service.js';

/** Controllers of the registration calls, registered by the identity module. */
export const REGISTRATION_CONTROLLERS: Type[] = [RegistrationController, FilesController];

/**
 * The blob store behind its one port: a PostgreSQL table in server mode (the read models on `DATABASE_URL`, shared by
 * every instance), else files under `DATA_DIR/blobs` (embedded mode, beside the PGlite data).
 */
export function createBlobStore(config: AppConfig, fanout: Fanout): BlobStore {
  return config.databaseUrl && fanout.db.kind === 'postgres' ? new SqlBlobStore(fanout.db) : new FileBlobStore(join(config.dataDir, 'blobs'));
}

/** Providers of the registration calls, registered (and exported) by the identity module. */
export const REGISTRATION_PROVIDERS: Provider[] = [
  { provide: BLOB_STORE, useFactory: createBlobStore, inject: [APP_CONFIG, FANOUT] },
  { provide: SIGN_UP_LIMITS, useFactory: () => signUpLimitsFrom(process.env) },
  MultipartParsing, RegistrationService, DealerDirectory, UploadsService,
];
