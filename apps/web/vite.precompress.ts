import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Tiny files are sent as they are (a compressed copy would save next to nothing). */
const MIN_BYTES = 256;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy of every compressible file of the build, which the API serves
 * (`@fastify/static` `preCompressed`) to browsers that accept them: compressed once at build time, at the highest level.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'auction-precompress',
    apply: 'build',
    configResolved(config) { outDir = config.build.outDir; },
    closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
        const file = join(dir, f);
        return statSync(file).isDirectory() ? walk(file) : [file];
      });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        // Already written by an earlier build of the same output (the portal's build runs after the client's).
        if (existsSync(`${file}.br`) && statSync(`${file}.br`).mtimeMs >= statSync(file).mtimeMs) continue;
        const data = readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
