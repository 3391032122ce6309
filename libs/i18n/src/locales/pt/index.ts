import { common } from './common.js';
import { errors } from './errors.js';

/** Portuguese (Portugal). Namespaces not listed yet fall back to English. */
export const pt = { common, errors };
