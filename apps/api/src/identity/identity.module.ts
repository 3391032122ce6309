import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG, SESSION_SECRET } from '../platform/engine/tokens.js';
import { ACCOUNTS_PROVIDERS } from './accounts/accounts.providers.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { CREDENTIAL_PROVIDERS } from './credential.providers.js';
import { INVITATIONS_CONTROLLERS, INVITATIONS_PROVIDERS } from './invitations/invitations.providers.js';
import { LOOKUPS_CONTROLLERS, LOOKUPS_PROVIDERS } from './lookups/lookups.providers.js';
import { PASSWORDS_CONTROLLERS, PASSWORDS_PROVIDERS } from './passwords/passwords.providers.js';
import { PROFILE_CONTROLLERS, PROFILE_PROVIDERS } from './profile/profile.providers.js';
import { REGISTRATION_CONTROLLERS, REGISTRATION_PROVIDERS } from './registration/registration.providers.js';
import { ResourceScope } from './resource-scope.js';
import { SessionTokens } from './session-tokens.js';
import { SsoController } from './sso/sso.controller.js';
import { SsoService } from './sso/sso.service.js';

/**
 * The identity context's controllers: sign-in (single sign-on and the API-client login), sign-out and the session,
 * then one list per feature (code tables and lookups, registration, passwords, invitations, profile).
 */
export const IDENTITY_CONTROLLERS = [
  AuthController, SsoController,
  ...LOOKUPS_CONTROLLERS, ...REGISTRATION_CONTROLLERS, ...PASSWORDS_CONTROLLERS, ...INVITATIONS_CONTROLLERS, ...PROFILE_CONTROLLERS,
];

const EXPORTED = [
  { provide: SessionTokens, useFactory: (secret: Buffer, config: AppConfig) => new SessionTokens(secret, config.sessionTtlMs, { liveTtlMs: config.liveTokenTtlMs }), inject: [SESSION_SECRET, APP_CONFIG] },
  AuthService, AuthGuard, ResourceScope, SsoService, ...CREDENTIAL_PROVIDERS, ...ACCOUNTS_PROVIDERS,
  ...LOOKUPS_PROVIDERS, ...REGISTRATION_PROVIDERS, ...PASSWORDS_PROVIDERS, ...INVITATIONS_PROVIDERS, ...PROFILE_PROVIDERS,
];

/**
 * Identity and access: credentials, sessions and tokens, accounts (users and their personal data), registration,
 * passwords and invitations, and the one guard every route passes (public only where a route is marked
 * `@Public()`). Global: every context checks its callers through it.
 */
@Global()
@Module({
  controllers: IDENTITY_CONTROLLERS,
  providers: [...EXPORTED, { provide: APP_GUARD, useExisting: AuthGuard }],
  exports: EXPORTED.map((p) => (typeof p === 'object' && 'provide' in p ? p.provide : p)),
})
export class IdentityModule {}
