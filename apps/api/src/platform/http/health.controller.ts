import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { EventStore } from '@auction/event-store';
import type { AppConfig } from '../config/app-config.js';
import { LiveReadModel } from '../engine/live-read-model.js';
import { APP_CONFIG, EVENT_STORE, FANOUT } from '../engine/tokens.js';
import type { Fanout } from '../fanout/fanout.js';
import { settledWithin } from '../engine/bounded.js';
import { Public } from '../../identity/auth.guard.js';
import { WRITER_OWNERSHIP, type WriterOwnership } from '../cluster/writer-ownership.js';
import { Readiness, type ReadinessView } from './readiness.js';

/** How long health waits for the positions: the event store unreachable (PostgreSQL down) makes them unknown, not a 500. */
const HEALTH_LAG_MS = 2_000;

/**
 * Liveness (`/api/health`) and readiness (`/api/ready`, readiness.ts). Health is always 200 while the process serves (load balancers and the tests wait on it); `status` is
 * `degraded` while the read models are not following the log: batches failing now, or events parked (skipped by the
 * projection). The lag is the read models' (the projector's checkpoints), not the engine's in-memory index.
 */
@Public()
@Controller('api')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FANOUT) private readonly fanout: Fanout,
    private readonly model: LiveReadModel,
    @Inject(WRITER_OWNERSHIP) private readonly ownership: WriterOwnership,
    private readonly readiness: Readiness,
  ) {}

  /** 200 when this instance can serve, else 503; both with the reasons, the instance and the shards it writes. */
  @Get('ready')
  @Header('Cache-Control', 'no-store')
  ready(@Res({ passthrough: true }) reply: FastifyReply): ReadinessView {
    const view = this.readiness.view(this.ownership);
    if (!view.ready) void reply.status(503);
    return view;
  }

  @Get('health')
  async health() {
    const lag = await settledWithin(this.fanout.healthLag(), HEALTH_LAG_MS);
    const degraded = !lag || lag.failing !== null || lag.parkedEvents > 0;
    return {
      status: degraded ? 'degraded' : 'ok', mode: this.config.mode, instanceId: this.ownership.instanceId,
      writer: { ready: this.ownership.ready, shards: this.ownership.shards, ownedShards: this.ownership.owned().length },
      eventStore: this.store.name, eventStoreReachable: lag !== null, headPosition: lag?.head ?? null,
      readModelPosition: lag?.projected ?? null, readModelLag: lag?.projectionLag ?? null, engineIndexPosition: this.model.currentPosition,
      projector: {
        projecting: this.fanout.projecting, failing: lag ? lag.failing !== null : null, failingSince: lag?.failing?.since ?? null,
        failedBatches: lag?.projectorErrors ?? null, parkedEvents: lag?.parkedEvents ?? null,
      },
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}
