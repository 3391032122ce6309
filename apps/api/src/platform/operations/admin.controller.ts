import { Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { QueryInt } from '@auction/contracts';
import { Roles } from '../../identity/auth.guard.js';
import { FANOUT } from '../engine/tokens.js';
import type { Fanout, RebuildStatus } from '../fanout/fanout.js';
import { parse } from '../http/validation.js';

const ParkedQuery = z.object({ after: QueryInt(0, Number.MAX_SAFE_INTEGER).default(0), limit: QueryInt(1, 500).default(100) });

/** Engineers' operations on the read models (ADMIN only). */
@Controller('api/v1/admin/read-models')
@Roles('ADMIN')
export class AdminController {
  constructor(@Inject(FANOUT) private readonly fanout: Fanout) {}

  /** Starts a rebuild of every read model from position 0 beside the live one; it swaps in when caught up. */
  @Post('rebuild')
  @HttpCode(202)
  rebuild(): RebuildStatus {
    return this.fanout.startRebuild();
  }

  /** Progress of the last rebuild. */
  @Get('rebuild')
  status(): RebuildStatus {
    return this.fanout.rebuild;
  }

  /** Projection lag and whether this instance projects. */
  @Get('status')
  async lag() {
    return { projecting: this.fanout.projecting, transport: this.fanout.transport.name, ...(await this.fanout.lag()) };
  }

  /**
   * Events the projection failed on and went past (oldest first; `after` a position, at most `limit`): the event, its
   * stream and the error. The read models lack what they would have written until a retry projects them.
   */
  @Get('parked')
  async parked(@Query() query: unknown) {
    const { after, limit } = parse(ParkedQuery, query, 'query');
    const [items, total] = await Promise.all([this.fanout.projector.parked(limit, after), this.fanout.projector.parkedCount()]);
    return { items, total };
  }

  /**
   * Retries the parked events (after the fix that lets them project is deployed): a rebuild beside the live read models
   * projects the whole log again in order, parked events included, and swaps in; those that still fail stay listed.
   */
  @Post('parked/retry')
  @HttpCode(202)
  retryParked(): RebuildStatus {
    return this.fanout.startRebuild();
  }

  /** Stops this instance's projection consumer (maintenance, tests): queries keep serving what is projected. */
  @Post('projector/stop')
  @HttpCode(204)
  async stop(): Promise<void> {
    await this.fanout.stopProjector();
  }

  /** Starts it again: it resumes where it stopped. */
  @Post('projector/start')
  @HttpCode(204)
  async start(): Promise<void> {
    await this.fanout.startProjector();
  }
}
