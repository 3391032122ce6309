import { Readable } from 'node:stream';
import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AdminReportQuery, REPORT_COLUMNS } from '@auction/contracts';
import { ERROR_CODES } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { Consistency } from '../../platform/engine/consistency.js';
import { CLOCK, type Clock } from '../../platform/engine/tokens.js';
import { attachmentDisposition, csvStream, xlsxStream } from '../../platform/http/report-file.js';
import { ValidationError, parse } from '../../platform/http/validation.js';
import { ReportService } from './report.service.js';
import { PRIVATE_NO_STORE } from '../../platform/http/cache-policy.js';

/**
 * The query of a report, or a 400 with the report's own code: 400391 for a period whose start is after its end, 400392
 * for a filter the report type does not have, 400390 for anything else (unknown type or format, a date that is not one).
 */
export function parseReportQuery(query: unknown): AdminReportQuery {
  try {
    return parse(AdminReportQuery, query, 'query');
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const own = AdminReportQuery.safeParse(query ?? {});
    const coded = own.success ? undefined : own.error.issues.map((i) => (i as { params?: { errorCode?: number } }).params?.errorCode).find((c) => c !== undefined);
    throw new ValidationError(error.message, error.details, coded ?? ERROR_CODES.REPORT_FILTER_INVALID);
  }
}

/** `GET /api/v1/admin/report`: the back-office reports as CSV or XLSX, streamed (spec 02 §7, "Report filters"). */
@Controller('api/v1/admin')
export class ReportController {
  constructor(private readonly reports: ReportService, private readonly consistency: Consistency, @Inject(CLOCK) private readonly clock: Clock) {}

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Get('report')
  async report(@CurrentActor() actor: Actor, @Query() query: unknown, @Res() reply: FastifyReply) {
    const q = parseReportQuery(query);
    const filter = await this.reports.filterOf(actor, q);
    // What the caller did just before (an offer, an award) is in the report.
    await this.consistency.caughtUp(actor.idUser);
    const day = new Date(this.clock.now()).toISOString().slice(0, 10);
    const name = `report-${q.reportType.toLowerCase()}-${day}.${q.typeExport.toLowerCase()}`;
    const header = REPORT_COLUMNS[q.reportType];
    void reply.header('cache-control', PRIVATE_NO_STORE).header('Content-Disposition', attachmentDisposition(name));
    if (q.typeExport === 'CSV') {
      return reply.type('text/csv; charset=utf-8').send(Readable.from(csvStream(header, this.reports.batches(filter, 'text'))));
    }
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send(xlsxStream(header, this.reports.batches(filter, 'number'), q.reportType.toLowerCase()));
  }
}
