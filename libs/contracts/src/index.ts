export * from './common.js';
export * from './auth.js';
export * from './profile.js';
export * from './auction.js';
export * from './showcase.js';
export * from './views.js';
export * from './dealer-views.js';
export * from './mail.js';
