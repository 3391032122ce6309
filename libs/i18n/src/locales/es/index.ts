import { common } from './common.js';
import { errors } from './errors.js';

/** Spanish. Namespaces not listed yet fall back to English. */
export const es = { common, errors };
