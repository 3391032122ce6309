export * from './transport.port.js';
export * from './transport/index.js';
export * from './live/index.js';
