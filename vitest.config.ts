import { defineConfig } from 'vitest/config';

/** Every vitest project of the workspace: the libraries (the API is tested with Jest). */
export default defineConfig({
  test: {
    projects: ['libs/*/vitest.config.ts', 'tools/test/vitest.config.ts', 'tools/replay/vitest.config.ts'],
  },
});
