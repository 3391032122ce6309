import { Module } from '@nestjs/common';
import { ANONYMISATION_CONTROLLERS, ANONYMISATION_PROVIDERS } from './anonymisation/anonymisation.providers.js';
import { AUDIT_CONTROLLERS, AUDIT_PROVIDERS } from './audit/audit.providers.js';
import { DEALERS_CONTROLLERS, DEALERS_PROVIDERS } from './dealers/dealers.providers.js';
import { STAFF_CONTROLLERS, STAFF_PROVIDERS } from './staff/staff.providers.js';
import { USERS_CONTROLLERS, USERS_PROVIDERS } from './users/users.providers.js';

/**
 * The people back-office's controllers (`/api/v1/admin/*` for ADMIN or CUSTOMER_CENTER): dealers, users,
 * staff (auctioneers, exhibitors, multi-auctioneers, loaders), anonymisation and the audit trail.
 */
export const DEALERS_CONTEXT_CONTROLLERS = [
  ...DEALERS_CONTROLLERS, ...USERS_CONTROLLERS, ...STAFF_CONTROLLERS, ...ANONYMISATION_CONTROLLERS, ...AUDIT_CONTROLLERS,
];

const PROVIDERS = [...DEALERS_PROVIDERS, ...USERS_PROVIDERS, ...STAFF_PROVIDERS, ...ANONYMISATION_PROVIDERS, ...AUDIT_PROVIDERS];

/** The dealers context: the people of the portal as the back-office runs them, on the identity context's accounts. */
@Module({
  controllers: DEALERS_CONTEXT_CONTROLLERS,
  providers: PROVIDERS,
  exports: PROVIDERS.map((p) => (typeof p === 'object' && 'provide' in p ? p.provide : p)),
})
export class DealersModule {}
