// jest's globalSetup: see shared-servers.global.mjs.
export { setup as default } from './shared-servers.global.mjs';
