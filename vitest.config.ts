import { defineConfig } from 'vitest/config';

/** Every vitest project of the workspace: the libraries and the web client's unit tests (the API is tested with Jest; the browser tests have their own config). */
export default defineConfig({
  test: {
    projects: ['libs/*/vitest.config.ts', 'tools/test/vitest.config.ts', 'tools/replay/vitest.config.ts', 'tools/bench/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
