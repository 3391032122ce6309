import { z } from 'zod';

// The product's CSP refuses eval: zod must parse without compiling (and without probing `new Function`).
z.config({ jitless: true });
