/**
 * Jest for the API: unit specs and end-to-end specs through HTTP.
 * NestJS 12 is ESM-only, so tests run as native ESM (`NODE_OPTIONS=--experimental-vm-modules`, set by `npm test`).
 * @type {import('jest').Config}
 */
export default {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@auction/(.*)$': '<rootDir>/../../libs/$1/src/index.ts',
  },
  testTimeout: 120_000,
  maxWorkers: 1,
  // One server per storage mode for the files that share it (sharedServer in src/testing/server.test-support.ts).
  globalSetup: '<rootDir>/src/testing/shared-servers.setup.mjs',
  globalTeardown: '<rootDir>/src/testing/shared-servers.teardown.mjs',
};
