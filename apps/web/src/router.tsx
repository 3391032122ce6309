import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.js';
import type { Services } from './services.js';

/** The router of the app, with the services as context. */
export function createAppRouter(services: Services) {
  return createRouter({ routeTree, context: { services }, defaultPreload: false, scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
