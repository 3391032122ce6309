import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

/** The API the dev server proxies to (`npm run dev -w @auction/web`); the product serves the built client itself. */
const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts', quoteStyle: 'single' }),
    react(),
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
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
