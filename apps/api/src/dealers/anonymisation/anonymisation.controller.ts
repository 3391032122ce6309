import { Body, Controller, Get, Header, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { toCsv } from '../../platform/http/report-file.js';
import { AnonymisationService } from './anonymisation.service.js';
import { NO_STORE_HEADER, PRIVATE_NO_STORE } from '../../platform/http/cache-policy.js';

/** The right to erasure in the back-office: candidates, their CSV, and the erasure itself (ADMIN only). */
@Controller('api/v1/admin/user/anonymize')
@Roles('ADMIN')
export class AnonymisationController {
  constructor(private readonly service: AnonymisationService) {}

  @Get()
  @Header(...NO_STORE_HEADER)
  candidates(@CurrentActor() actor: Actor, @Query() query: unknown) {
    return this.service.page(actor, query);
  }

  @Get('export')
  export(@CurrentActor() actor: Actor, @Query() query: unknown, @Res() reply: FastifyReply) {
    const rows = this.service.all(actor, query);
    const csv = toCsv(['idUser', 'username', 'idDealer', 'idMarket', 'status', 'since'], rows.map((r) => [r.idUser, r.username, r.idDealer, r.idMarket, r.status, r.since]));
    return reply
      .header('cache-control', PRIVATE_NO_STORE)
      .header('content-disposition', 'attachment; filename="anonymise-candidates.csv"')
      .type('text/csv; charset=utf-8')
      .send(csv);
  }

  @Put()
  @Header(...NO_STORE_HEADER)
  anonymise(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.service.anonymise(actor, body);
  }
}
