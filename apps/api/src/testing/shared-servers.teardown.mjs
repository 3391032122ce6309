// jest's globalTeardown: see shared-servers.global.mjs.
export { teardown as default } from './shared-servers.global.mjs';
