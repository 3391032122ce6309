import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ErrorBody } from '@auction/contracts';
import { CodeTableError } from '@auction/reference-data';

/**
 * Answers a `CodeTableError` of `@auction/reference-data` with its own code (400070–400075) and the parameter at
 * fault, so the client sees which value the tables do not have. Scoped to the code-table controller; every other
 * error goes on to the API's one filter.
 */
@Catch(CodeTableError)
export class CodeTableErrorFilter implements ExceptionFilter {
  catch(error: CodeTableError, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body: ErrorBody = { errorCode: error.code, errorMsg: error.message, details: [{ field: error.parameter, rule: error.message }] };
    void reply.status(error.httpStatus).header('cache-control', 'no-store').send(body);
  }
}
