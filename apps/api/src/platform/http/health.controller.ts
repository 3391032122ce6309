import { Controller, Get, Inject } from '@nestjs/common';
import type { EventStore } from '@auction/event-store';
import type { AppConfig } from '../config/app-config.js';
import { LiveReadModel } from '../engine/live-read-model.js';
import { APP_CONFIG, EVENT_STORE } from '../engine/tokens.js';
import { Public } from '../../identity/auth.guard.js';

/** Liveness and readiness. */
@Public()
@Controller('api')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly model: LiveReadModel,
  ) {}

  @Get('health')
  async health() {
    const head = await this.store.headPosition();
    return {
      status: 'ok', mode: this.config.mode, eventStore: this.store.name, headPosition: head,
      readModelPosition: this.model.currentPosition, readModelLag: head - this.model.currentPosition, uptimeSeconds: Math.round(process.uptime()),
    };
  }
}
