import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

/** The API the dev server proxies to (`npm run dev -w @auction/web`); the product serves the built client itself. */
const api = process.env.API_URL ?? 'http://localhost:3000';

/** Files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Tiny files are sent as they are (a compressed copy would save next to nothing). */
const MIN_BYTES = 256;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy of every compressible file of the build, which the API serves
 * (`@fastify/static` `preCompressed`) to browsers that accept them: compressed once at build time, at the highest level.
 */
function precompress(): Plugin {
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
        const data = readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    // Every route's component is a chunk loaded when the route is opened.
    tanstackRouter({ target: 'react', routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts', quoteStyle: 'single', autoCodeSplitting: true }),
    react(),
    precompress(),
  ],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/mqtt': { target: api, ws: true },
      '/socket.io': { target: api, ws: true },
    },
  },
  // No source maps in the product (they would be public); `vite build --sourcemap` makes them for a local look.
  build: {
    outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 400,
    // zod and src/zod-config.ts in one chunk, the config right after zod: no other chunk can parse (and probe
    // `new Function`, refused by the CSP) before `jitless` is set.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-config\.ts$/ }] } } },
  },
});
