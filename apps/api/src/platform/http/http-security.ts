import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { ReadModelDb } from '@auction/read-models';
import type { AppConfig } from '../config/app-config.js';
import { protectLogin } from '../../identity/login-protection.js';
import { SqlLockoutStore } from '../../identity/sql-lockout-store.js';
import { PersonalDataErasers } from '../erasure/personal-data-erasers.js';
import { cachePolicy } from './cache-policy.js';
import { secureHeaders } from './security-headers.js';

/**
 * The HTTP protections of the API, installed before `app.init()` registers the routes:
 * - security headers on every answer (security-headers.ts; `connectTo`: the live edge's origin), and `private, no-store` on every private answer (cache-policy.ts);
 * - cross-origin protection of every state-changing call (Nest's `enableCsrfProtection`, Go's CrossOriginProtection
 *   algorithm): a browser request whose `Sec-Fetch-Site` is not `same-origin`/`none`, or, without that header, whose
 *   `Origin` is not the request's host, is refused with 403, unless its origin is in ALLOWED_ORIGINS. Non-browser
 *   clients (no such headers) pass; the cookie session additionally needs its XSRF header (auth.guard.ts);
 * - JSON-only, throttled logins (login-protection.ts), their counts in the database `db` (shared by every instance).
 */
export async function secureHttp(
  app: NestFastifyApplication, config: AppConfig, db?: Pick<ReadModelDb, 'query' | 'transaction'>, connectTo: readonly string[] = [],
): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  await secureHeaders(fastify, { connectTo });
  cachePolicy(fastify);
  app.enableCsrfProtection({ trustedOrigins: config.allowedOrigins });
  await protectLogin(fastify, config.login, db);
  // The failed-login streaks are kept per account (its e-mail address): the anonymisation forgets them with the person.
  if (db) {
    const lockouts = new SqlLockoutStore(db);
    app.get(PersonalDataErasers, { strict: false }).register({ name: 'login lockouts', forgetEmail: (email) => lockouts.forgetEmail(email) });
  }
}
