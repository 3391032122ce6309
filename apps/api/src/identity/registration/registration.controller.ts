import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DealerInfoQuery, ReferenceDealerQuery, type DealerInfo, type ErrorBody, type ReferenceDealer, type SignUpAnswer } from '@auction/contracts';
import { parse } from '../../platform/http/validation.js';
import type { Actor } from '../actor.js';
import { CurrentActor, Public } from '../auth.guard.js';
import { DealerDirectory } from './dealer-directory.service.js';
import { MULTIPART_ROUTE } from './multipart.js';
import { Refusal } from './refusal.js';
import { RegistrationService } from './registration.service.js';

/**
 * Dealer registration and the dealer look-ups of spec 01 §7: `POST /open/sign-up` (multipart), `GET /open/dealer-info`
 * (the invitation page's dealer card) and `GET /secure/reference-dealer` (the dealer's legal reference).
 */
@Controller('api/v1')
export class RegistrationController {
  constructor(private readonly registration: RegistrationService, private readonly dealers: DealerDirectory) {}

  @Public()
  @Post('open/sign-up')
  @HttpCode(201)
  @RouteConfig(MULTIPART_ROUTE)
  async signUp(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SignUpAnswer | ErrorBody> {
    try {
      await this.registration.admit(request.ip, body);
      return await this.registration.signUp(body);
    } catch (error) {
      return answerRefusal(error, reply);
    }
  }

  @Public()
  @Get('open/dealer-info')
  dealerInfo(@Query() query: unknown): Promise<DealerInfo> {
    const { dealerId } = parse(DealerInfoQuery, query, 'query');
    return this.dealers.info(dealerId);
  }

  @Get('secure/reference-dealer')
  referenceDealer(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<ReferenceDealer> {
    const { idDealer } = parse(ReferenceDealerQuery, query, 'query');
    return this.dealers.reference(actor, idDealer);
  }
}

/** Answers a {@link Refusal} (status, code, details) on `reply`; any other error goes on to the API's error filter. */
export function answerRefusal(error: unknown, reply: FastifyReply): ErrorBody {
  if (!(error instanceof Refusal)) throw error;
  void reply.status(error.status);
  if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  return error.body;
}
