import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { API_ERROR_CODES, PayByLinkQuery, type PayByLinkView } from '@auction/contracts';
import type { Actor } from '../identity/actor.js';
import { CurrentActor, Public, Roles } from '../identity/auth.guard.js';
import { ValidationError, parse } from '../platform/http/validation.js';
import { PayByLinkService } from './pay-by-link.service.js';
import { PaymentNotifications } from './payment-notifications.service.js';
import { PAYMENT_SIGNATURE_HEADER } from './payment-signature.js';

/** Pay by link (issue 23 item 7): a buyer's payment link, and the provider's signed notification of the outcome. */
@Controller('api/v1')
export class PaymentsController {
  constructor(private readonly payByLink: PayByLinkService, private readonly notifications: PaymentNotifications) {}

  @Get('secure/user/payByLink')
  @Roles('BUYER')
  link(@CurrentActor() actor: Actor, @Query() query: unknown, @Req() request: FastifyRequest): Promise<PayByLinkView> {
    let idPurchase: string;
    try {
      idPurchase = parse(PayByLinkQuery, query, 'query').idPurchase;
    } catch (error) {
      if (error instanceof ValidationError) throw new ValidationError(error.message, error.details, API_ERROR_CODES.PAY_BY_LINK_QUERY_INVALID);
      throw error;
    }
    return this.payByLink.link(actor, idPurchase, `${request.protocol}://${request.host}`);
  }

  @Public()
  @Post('open/payment-notification')
  @HttpCode(200)
  notify(@Body() body: unknown, @Headers(PAYMENT_SIGNATURE_HEADER) signature: unknown) {
    return this.notifications.receive(body, signature);
  }
}
