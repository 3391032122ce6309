// Regenerates src/routeTree.gen.ts from src/routes with the options of vite.config.ts's router plugin, so that `tsc`
// (which runs before `vite build`) sees a new route file's route. Run by `npm run build` and `npm run routes`.
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = getConfig(
  { target: 'react', routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts', quoteStyle: 'single', autoCodeSplitting: true },
  root,
);
await new Generator({ config, root }).run();
console.log('[routes] src/routeTree.gen.ts is up to date');
