import { Controller, Get, Header, Query } from '@nestjs/common';
import { AdminAuditQuery, type AuditPage } from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { parse } from '../../platform/http/validation.js';
import { AuditService } from './audit.service.js';
import { NO_STORE_HEADER } from '../../platform/http/cache-policy.js';

/** The back-office's audit trail (`GET /api/v1/admin/audit`). */
@Controller('api/v1/admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('audit')
  page(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<AuditPage> {
    return this.audit.page(actor, parse(AdminAuditQuery, query, 'query'));
  }
}
