import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go as they are (compression would not pay for its headers and time). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers (JSON, CSV, text) with Brotli or gzip when the client accepts them (`vary:
 * accept-encoding`): an auction page of 100 lots is about 43 KB of JSON, a tenth of that compressed, which on a phone's
 * slow connection is the difference between a list shown at once and one waiting for its bytes. Images, PDF, XLSX and
 * other already-compressed types go as they are (the type decides, by mime-db), and so do files of the web client that
 * the build precompressed (@fastify/static sends their `.br`/`.gz`; registered after this, as the plugin asks). Brotli at
 * quality 4 in text mode: near gzip's speed, smaller. Request bodies are never decompressed (a compressed body could
 * expand past the body limit): only answers.
 */
export async function compressAnswers(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
