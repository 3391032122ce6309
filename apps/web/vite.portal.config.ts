import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.precompress.js';

/**
 * The public portal's page (`portal.html` → `dist/portal.html` and its own files in `dist/assets`), built apart from
 * the private client so that it shares no chunk with it: a first-time visitor downloads React and the portal only
 * (issue 23: under 150 KB of compressed JavaScript). Runs after the client's build, into the same `dist`.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: 'dist', emptyOutDir: false, sourcemap: false, copyPublicDir: false,
    rolldownOptions: { input: { portal: 'portal.html' } },
  },
});
