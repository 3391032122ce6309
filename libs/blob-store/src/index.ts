export * from './blob-store.js';
export { FileBlobStore } from './file-blob-store.js';
export { SqlBlobStore, SQL_CHUNK_BYTES, type BlobSql } from './sql-blob-store.js';
export { writeStream, type StreamedFile } from './stream-write.js';
