import type { z } from 'zod';

/**
 * One route of the OpenAPI description: method, path (`{param}` placeholders), summary, who may call it (`anyone`,
 * `logged in`, roles...), the body's schema, the answer's schema (`'file'` for a download, `'none'` for 204), and the
 * body's media type when it is not JSON (`multipart/form-data`: the schema then describes the form's parts).
 * Each context keeps its own table beside its controllers; `openapi.ts` joins them, and the route-table test checks
 * them against the controllers' routes.
 */
export type RouteDoc = [
  method: string, path: string, summary: string, roles: string, body?: z.ZodType, answer?: z.ZodType | 'file' | 'none', bodyMediaType?: 'multipart/form-data',
];
