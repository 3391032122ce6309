import { Controller, Get, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import { Public } from '../identity/auth.guard.js';
import { DemoPaymentProvider } from './demo-payment-provider.js';
import { demoLinkGonePage, demoPageHeaders, demoPaymentPage } from './demo-payment-page.js';

/**
 * The demo payment provider's page (the embedded default; a real provider serves its own). No login: the unguessable
 * single-use token is the access. An unknown, used or expired token: 404 with errorCode 404422 in a header and a page.
 */
@Controller('api/v1/open/demo-payments')
export class DemoPaymentsController {
  constructor(private readonly demo: DemoPaymentProvider) {}

  @Public()
  @Get(':token')
  page(@Param('token') token: string, @Res() reply: FastifyReply): void {
    const session = this.demo.session(token);
    if (!session) return this.gone(reply);
    void reply.status(200).headers(demoPageHeaders(new URL(session.request.returnUrls.success).origin)).send(demoPaymentPage(token, session));
  }

  @Public()
  @Post(':token/pay')
  pay(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    return this.complete(token, 'PAID', reply);
  }

  @Public()
  @Post(':token/fail')
  fail(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    return this.complete(token, 'FAILED', reply);
  }

  private async complete(token: string, outcome: 'PAID' | 'FAILED', reply: FastifyReply): Promise<void> {
    const result = await this.demo.complete(token, outcome);
    if (!result) return this.gone(reply);
    void reply.status(303).header('cache-control', 'no-store').header('location', result.redirect).send();
  }

  private gone(reply: FastifyReply): void {
    void reply.status(404).headers({ ...demoPageHeaders(null), 'x-error-code': String(API_ERROR_CODES.DEMO_PAYMENT_LINK_INVALID) }).send(demoLinkGonePage());
  }
}
