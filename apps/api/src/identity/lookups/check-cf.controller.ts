import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CheckCfQuery } from '@auction/contracts';
import { checkItalianFiscalCode } from '@auction/domain';
import { ValidationError, parse } from '../../platform/http/validation.js';
import { Public } from '../auth.guard.js';
import { checkCfBirthDate } from './check-cf-birth-date.js';

/**
 * `GET /api/v1/open/check-cf` (spec 01 §4, §7): the registration and sign-up forms ask it whether an Italian fiscal
 * code fits the person before they send. The rule is the domain's `checkItalianFiscalCode` (codice-fiscale-js):
 * shape, month letter, day (+40 for women), check character, then surname, name and birth date; the birthplace is
 * not asked, so not checked. The answer is a bare JSON boolean; bad input (a parameter missing, repeated, too long,
 * a birth date in no accepted form) is 400 with errorCode 400001 and the field at fault. The query carries personal
 * data: the answer is never cached (`no-store`).
 */
@Controller('api/v1/open')
export class CheckCfController {
  @Public()
  @Get('check-cf')
  checkCf(@Query() query: unknown, @Res({ passthrough: true }) reply: FastifyReply): boolean {
    void reply.header('cache-control', 'no-store');
    const { birthDate, cf, name, surname, gender } = parse(CheckCfQuery, query, 'query');
    const date = checkCfBirthDate(birthDate);
    if (!date) {
      const rule = 'must be a date: epoch milliseconds, YYYY-MM-DD or DD/MM/YYYY, between 1900 and 2099';
      throw new ValidationError(`invalid query: birthDate ${rule}`, [{ field: 'birthDate', rule }]);
    }
    return checkItalianFiscalCode({ cf, name, surname, birthDate: date, ...(gender ? { gender } : {}) }).valid;
  }
}
