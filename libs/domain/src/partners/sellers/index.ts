export * from './seller.js';
export * from './seller-config.js';
export * from './seller-reference.js';
