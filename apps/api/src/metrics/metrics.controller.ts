import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Metrics } from './metrics.js';
import { Public } from '../auth/auth.guard.js';

/** `GET /metrics` in the Prometheus text format. */
@Public()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get('metrics')
  async scrape(@Res() reply: FastifyReply) {
    const { contentType, body } = await this.metrics.render();
    return reply.type(contentType).send(body);
  }
}
