import { ROLES, type Role } from '@auction/domain';
import type { RouteDoc } from './route-doc.js';

/**
 * Who may call what, read off the routes' own `roles` column (the one text the role-matrix test checks the guard
 * against): the matrix goes into the OpenAPI description as a table and into each operation as `x-roles`, so a client
 * and a reviewer read one answer.
 *
 * Column texts: `anyone` (no login); `logged in` (any role; `(own dealer)` and the like: own targets only); role codes;
 * `owner` (the auction's or showcase's owner: AUCTIONEER and MULTI_AUCTIONEER, or EXHIBITOR under /showcase);
 * `the dealer's users` / `a user of the dealer` (any role, own dealer only). Back-office calls (`/api/v1/admin/` with
 * CUSTOMER_CENTER) are limited to the caller's adminEnabledMarket.
 */
export type Reach = 'any' | 'own' | 'market';

export interface RoleRule {
  readonly method: string;
  readonly path: string;
  /** null: no login needed; otherwise each role that may call it and on which targets. */
  readonly roles: Readonly<Partial<Record<Role, Reach>>> | null;
}

/** The rule of one documented route. */
export function roleRule([method, path, , roles]: RouteDoc): RoleRule {
  const text = roles.trim();
  if (text === 'anyone') return { method, path, roles: null };
  const rule: Partial<Record<Role, Reach>> = {};
  const grant = (role: Role, reach: Reach) => { if (rule[role] !== 'any') rule[role] = reach; };
  if (/logged in|the dealer's users|a user of the dealer/i.test(text)) {
    const own = /own|dealer's users|user of the dealer/i.test(text);
    for (const r of ROLES) grant(r, own ? 'own' : 'any');
  }
  if (/\bowner\b/i.test(text)) for (const r of path.includes('/showcase') ? (['EXHIBITOR'] as const) : (['AUCTIONEER', 'MULTI_AUCTIONEER'] as const)) grant(r, 'own');
  const staffScoped = path.startsWith('/api/v1/admin/') && /CUSTOMER_CENTER/.test(text);
  for (const r of ROLES) {
    if (new RegExp(`(^|[^A-Z_])${r}($|[^A-Z_])`).test(text)) grant(r, /who bought/i.test(text) ? 'own' : staffScoped || (path.startsWith('/api/v1/admin/') && r === 'ADMIN' && /dealer|user/.test(path)) ? 'market' : 'any');
  }
  return { method, path, roles: rule };
}

const MARK: Record<Reach, string> = { any: '✓', own: 'own', market: 'mkt' };

/** The role-by-call matrix as a Markdown table (one row per secured call, one column per role). */
export function roleMatrixMarkdown(routes: readonly RouteDoc[]): string {
  const rows = routes.map(roleRule).filter((r) => r.roles !== null);
  const head = `| Call | ${ROLES.join(' | ')} |\n|---|${ROLES.map(() => ':-:').join('|')}|`;
  const body = rows.map((r) => `| ${r.method.toUpperCase()} ${r.path} | ${ROLES.map((role) => { const reach = r.roles![role]; return reach ? MARK[reach] : ''; }).join(' | ')} |`);
  return [head, ...body].join('\n');
}

/** The roles that may call a route at all (for `x-roles`). */
export function rolesOf(doc: RouteDoc): Role[] {
  const rule = roleRule(doc).roles;
  return rule ? ROLES.filter((r) => rule[r] !== undefined) : [];
}
