import { defineConfig } from 'vitest/config';

/** Shared vitest settings: resolve workspace packages to their TypeScript sources. */
export const sharedConfig = defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
