import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// A spec's beforeAll may start its own product: its hooks get the start's time (E2E_START_TIMEOUT_MS) and more.
const START_MS = Number(process.env.E2E_START_TIMEOUT_MS) || 90_000;

/**
 * The journeys that spend most of their time waiting (an auction made in the screens ends on a whole minute, 60-105 s
 * later; server-lost keeps its own product down for 20 s and frozen for 6 s): about 350 s of the ~1,700 s of the
 * browser tests in a CI run, with little CPU. `npm test` runs them as a second vitest process beside the others
 * (E2E_GROUP=waits: only these, on a product of their own, screenshots under `artifacts/e2e-waits/`; E2E_GROUP=rest:
 * all but these). Without E2E_GROUP every file runs, one after the other. live-edge-mosquitto joins them: most of its
 * ~1 minute waits for a product of its own (LIVE_EDGE=mosquitto) to start, and this group ends far sooner than the other.
 */
const WAITING = ['e2e/live-bidding.e2e.spec.ts', 'e2e/vehicles-done-when.e2e.spec.ts', 'e2e/server-lost.e2e.spec.ts', 'e2e/live-edge-mosquitto.e2e.spec.ts'];
const GROUP = process.env.E2E_GROUP;

/**
 * Browser end-to-end tests of the web client (`e2e/…/*.e2e.spec.ts`): the global setup starts the built product
 * once (`node apps/api/dist/main.js`, embedded, or server mode on a fresh database when DATABASE_URL, KAFKA_BROKERS and
 * MQTT_URL are set); each file drives Debian's Chromium through playwright-core. One file at a time in a process (2 cores,
 * real timing assertions; `npm test` runs the WAITING group, mostly idle, as a second process beside the rest).
 * Screenshots go to `artifacts/e2e/` (`artifacts/e2e-waits/` for the WAITING group).
 * Build first: `npx tsc -b tsconfig.build.json && npm run build -w @auction/web`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: GROUP === 'waits' ? WAITING : ['e2e/**/*.e2e.spec.ts'],
    exclude: GROUP === 'rest' ? [...configDefaults.exclude, ...WAITING] : configDefaults.exclude,
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: Math.max(120_000, START_MS + 30_000),
    teardownTimeout: 60_000,
    retry: 0,
  },
});
