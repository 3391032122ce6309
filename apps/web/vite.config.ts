import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { precompress } from './vite.precompress.js';

/** The API the dev server proxies to (`npm run dev -w @auction/web`); the product serves the built client itself. */
const api = process.env.API_URL ?? 'http://localhost:3000';

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
