import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// A spec's beforeAll may start its own product: its hooks get the start's time (E2E_START_TIMEOUT_MS) and more.
const START_MS = Number(process.env.E2E_START_TIMEOUT_MS) || 90_000;

/**
 * Browser end-to-end tests of the web client (`e2e/…/*.e2e.spec.ts`): the global setup starts the built product
 * once (`node apps/api/dist/main.js`, embedded, or server mode on a fresh database when DATABASE_URL, KAFKA_BROKERS and
 * MQTT_URL are set); each file drives Debian's Chromium through playwright-core. One file at a time (2 cores, real
 * timing assertions). Screenshots go to `artifacts/e2e/`.
 * Build first: `npx tsc -b tsconfig.build.json && npm run build -w @auction/web`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['e2e/**/*.e2e.spec.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: Math.max(120_000, START_MS + 30_000),
    teardownTimeout: 60_000,
    retry: 0,
  },
});
