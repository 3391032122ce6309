import { common } from './common.js';
import { errors } from './errors.js';

/** Italian. Namespaces not listed yet fall back to English. */
export const it = { common, errors };
