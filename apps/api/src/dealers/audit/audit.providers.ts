import type { Provider, Type } from '@nestjs/common';
import { AuditController } from './audit.controller.js';
import { AuditService } from './audit.service.js';

/** Controllers of the back-office's audit feature. */
export const AUDIT_CONTROLLERS: Type<unknown>[] = [AuditController];

/** Providers of the back-office's audit feature. */
export const AUDIT_PROVIDERS: Provider[] = [AuditService];
