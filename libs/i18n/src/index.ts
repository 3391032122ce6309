export * from './languages.js';
export * from './format.js';
export * from './date-time.js';
export * from './translation.js';
export * from './resources.js';
