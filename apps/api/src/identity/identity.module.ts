import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG, SESSION_SECRET } from '../platform/engine/tokens.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { CREDENTIAL_PROVIDERS } from './credential.providers.js';
import { SessionTokens } from './session-tokens.js';
import { SsoController } from './sso/sso.controller.js';
import { SsoService } from './sso/sso.service.js';

/** The identity context's controllers: sign-in (single sign-on and the API-client login), sign-out and the session. */
export const IDENTITY_CONTROLLERS = [AuthController, SsoController];

const EXPORTED = [
  { provide: SessionTokens, useFactory: (secret: Buffer, config: AppConfig) => new SessionTokens(secret, config.sessionTtlMs, { liveTtlMs: config.liveTokenTtlMs }), inject: [SESSION_SECRET, APP_CONFIG] },
  AuthService, AuthGuard, SsoService, ...CREDENTIAL_PROVIDERS,
];

/**
 * Identity and access: credentials, sessions and tokens, and the one guard every route passes (public only where a
 * route is marked `@Public()`). Global: every context checks its callers through it.
 */
@Global()
@Module({
  controllers: IDENTITY_CONTROLLERS,
  providers: [...EXPORTED, { provide: APP_GUARD, useExisting: AuthGuard }],
  exports: EXPORTED.map((p) => ('provide' in p ? p.provide : p)),
})
export class IdentityModule {}
