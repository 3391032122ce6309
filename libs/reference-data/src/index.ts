export * from './code-element.js';
export { CODE_TABLE_ERROR_CODES, CODE_TABLE_LIMITS, CodeTableError } from './code-table.errors.js';
export type { CodeTableErrorCode, CodeTableErrorName } from './code-table.errors.js';
export type { QueryValue } from './code-table.input.js';
export * from './code-tables.js';
export * from './region-translations.js';
export { countryCodeOfIso, countryIsoCode } from './countries.js';
export { COUNTRY_ISO_BY_CODE, MARKET_COUNTRY_ISO } from './data/geography.js';
