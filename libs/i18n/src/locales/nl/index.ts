import { common } from './common.js';
import { errors } from './errors.js';

/** Dutch, also read in Belgium (Flemish). Namespaces not listed yet fall back to English. */
export const nl = { common, errors };
