import { defineConfig } from 'vitest/config';

/** Unit tests of the client: machines (node) and components (jsdom, chosen per file with `@vitest-environment jsdom`). */
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    include: ['src/**/*.spec.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
