import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { Roles } from '../../identity/auth.guard.js';
import { FANOUT } from '../engine/tokens.js';
import type { Fanout, RebuildStatus } from '../fanout/fanout.js';

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
