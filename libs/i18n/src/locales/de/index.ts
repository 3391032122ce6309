import { common } from './common.js';
import { errors } from './errors.js';

/** German. Namespaces not listed yet fall back to English. */
export const de = { common, errors };
