import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The public portal's server side (`src/portal/server.tsx` → `dist-ssr/portal-server.js`): the API imports it to draw
 * each public page as HTML (apps/api `portal/portal-pages.ts`). The workspace's own packages are bundled (they are
 * TypeScript sources); React stays external, the API's own copy.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  ssr: { noExternal: [/^@auction\//], resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  build: {
    ssr: 'src/portal/server.tsx', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'portal-server.js', format: 'es' } },
  },
});
