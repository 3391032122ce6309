import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../engine/tokens.js';
import { Metrics } from './metrics.js';
import { metricsRefusal } from './metrics-access.js';
import { Public } from '../../identity/auth.guard.js';

/**
 * `GET /metrics` in the Prometheus text format. Not a user route (no session): with METRICS_TOKEN set it needs that
 * bearer token, otherwise it answers clients on this host only (see metrics-access.ts).
 */
@Public()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: Metrics, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('metrics')
  async scrape(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const refusal = metricsRefusal(request, this.config.metricsToken);
    if (refusal) {
      if (refusal.httpStatus === 401) void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw refusal;
    }
    const { contentType, body } = await this.metrics.render();
    return reply.type(contentType).send(body);
  }
}
