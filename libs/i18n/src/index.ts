export * from './languages.js';
export * from './format.js';
export * from './date-time.js';
export * from './translation.js';
export * from './resources.js';
export * from './load-language.js';
export * from './market-time.js';
export * from './countries.js';
