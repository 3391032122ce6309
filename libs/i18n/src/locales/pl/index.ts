import { common } from './common.js';
import { errors } from './errors.js';

/** Polish. Namespaces not listed yet fall back to English. */
export const pl = { common, errors };
