import { Global, Module, type DynamicModule } from '@nestjs/common';
import { PersonalDataErasers } from './erasure/personal-data-erasers.js';
import type { EventStore } from '@auction/event-store';
import type { MailService } from '@auction/mail';
import type { AppConfig } from './config/app-config.js';
import { DocsController } from './docs/docs.controller.js';
import { Consistency } from './engine/consistency.js';
import { LiveReadModel } from './engine/live-read-model.js';
import { actorCheckOf } from './engine/actor-check.js';
import { StreamWriter } from './engine/stream-writer.js';
import { SoleWriter, WRITER_OWNERSHIP, type WriterOwnership } from './cluster/writer-ownership.js';
import { SalesLookup } from './engine/sales-lookup.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, FANOUT, LIMIT_WINDOWS, MAIL_SERVICE, SESSION_SECRET, STREAM_WRITER, type Clock } from './engine/tokens.js';
import { SqlLimitWindows } from './limits/sql-rate-limit-store.js';
import type { Fanout } from './fanout/fanout.js';
import { CommandRunner } from './http/command-runner.js';
import { HealthController } from './http/health.controller.js';
import { Readiness } from './http/readiness.js';
import { IDEMPOTENCY_PROVIDERS } from './idempotency/idempotency.providers.js';
import { IDEMPOTENCY_STORE } from './idempotency/idempotency.tokens.js';
import { LIVE_CONTROLLERS, LIVE_PROVIDERS } from './live/live.providers.js';
import { Metrics } from './metrics/metrics.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { AdminController } from './operations/admin.controller.js';
import { CaughtMailController } from './operations/caught-mail.controller.js';
import { EventsController } from './operations/events.controller.js';

/** What the application is built from, chosen at start-up (see main.ts). */
export interface PlatformDependencies {
  readonly config: AppConfig;
  readonly store: EventStore;
  readonly sessionSecret: Buffer;
  readonly fanout: Fanout;
  /** Outgoing mail, opened (and closed) by main.ts. */
  readonly mail: MailService;
  readonly clock?: Clock;
  /** Which auctions this instance writes (default: all of them, one instance). */
  readonly ownership?: WriterOwnership;
}

/** The platform's controllers: health, OpenAPI, metrics, the event log and read-model operations, caught mail, live credentials. */
export const PLATFORM_CONTROLLERS = [HealthController, DocsController, EventsController, MetricsController, AdminController, CaughtMailController, ...LIVE_CONTROLLERS];

/**
 * The shared plumbing every bounded context builds on: configuration, the event store and its stream writer, the
 * fan-out (read models), the engine's in-memory index, idempotency, the live channel and metrics. Global, so a
 * context module names only its own providers.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot({ config, store, sessionSecret, fanout, mail, clock = { now: () => Date.now() }, ownership = new SoleWriter(config.instanceId) }: PlatformDependencies): DynamicModule {
    const shared = [
      { provide: APP_CONFIG, useValue: config },
      { provide: EVENT_STORE, useValue: store },
      { provide: FANOUT, useValue: fanout },
      { provide: MAIL_SERVICE, useValue: mail },
      { provide: CLOCK, useValue: clock },
      { provide: SESSION_SECRET, useValue: sessionSecret },
      { provide: LIMIT_WINDOWS, useFactory: () => new SqlLimitWindows(fanout.db) },
      { provide: WRITER_OWNERSHIP, useValue: ownership },
      {
        provide: STREAM_WRITER, inject: [LiveReadModel],
        useFactory: (model: LiveReadModel) => new StreamWriter(store, () => clock.now(), actorCheckOf(model), () => model.currentPosition),
      },
      { provide: Metrics, useFactory: () => new Metrics() },
      { provide: Readiness, useFactory: () => new Readiness() },
      LiveReadModel, SalesLookup, Consistency, CommandRunner, PersonalDataErasers, ...LIVE_PROVIDERS,
    ];
    return {
      module: PlatformModule,
      controllers: PLATFORM_CONTROLLERS,
      providers: [...shared, ...IDEMPOTENCY_PROVIDERS],
      exports: [...shared.map((p) => ('provide' in p ? p.provide : p)), IDEMPOTENCY_STORE],
    };
  }
}
