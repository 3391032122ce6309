import { common } from './common.js';
import { errors } from './errors.js';

/** French, also read in Luxembourg. Namespaces not listed yet fall back to English. */
export const fr = { common, errors };
