import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import type { EventStore } from '@auction/event-store';
import { AuthGuard } from './auth/auth.guard.js';
import { AuthService } from './auth/auth.service.js';
import { CREDENTIAL_PROVIDERS } from './auth/credential.providers.js';
import { IDEMPOTENCY_PROVIDERS } from './idempotency/idempotency.providers.js';
import { SessionTokens } from './auth/session-tokens.js';
import { AwardHandler } from './commands/award.handlers.js';
import { CreateAuctionHandler } from './commands/create-auction.handler.js';
import { GiveFeedbackHandler } from './commands/feedback.handler.js';
import { DeleteAuctionHandler, EditAuctionHandler, ResizeTimeHandler } from './commands/manage-auction.handlers.js';
import { ObserveLotHandler, PlaceOfferHandler } from './commands/place-offer.handler.js';
import { AcceptRegulationHandler, CloseLotHandler, StartAuctionHandler } from './commands/run-auction.handlers.js';
import { SHOWCASE_HANDLERS } from './commands/showcase.handlers.js';
import type { AppConfig } from './config/app-config.js';
import { Consistency } from './engine/consistency.js';
import { StreamWriter } from './engine/stream-writer.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, FANOUT, STREAM_WRITER, type Clock } from './engine/tokens.js';
import type { Fanout } from './fanout/fanout.js';
import { AdminController } from './http/admin.controller.js';
import { AuctionController } from './http/auction.controller.js';
import { DealerController } from './http/dealer.controller.js';
import { AuthController } from './http/auth.controller.js';
import { CommandRunner } from './http/command-runner.js';
import { DocsController } from './docs/docs.controller.js';
import { EventsController } from './http/events.controller.js';
import { Metrics } from './metrics/metrics.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { HealthController } from './http/health.controller.js';
import { ShowcaseController } from './http/showcase.controller.js';
import { AuctionQueries } from './read/auction-queries.js';
import { DealerQueries } from './read/dealer-queries.js';
import { LiveReadModel } from './read/live-read-model.js';
import { ShowcaseQueries } from './read/showcase-queries.js';
import { TransitionScheduler } from './scheduler/transition-scheduler.js';
import { LIVE_CONTROLLERS, LIVE_PROVIDERS } from './live/live.providers.js';

/** What the module is built from. */
export interface AppDependencies {
  readonly config: AppConfig;
  readonly store: EventStore;
  readonly sessionSecret: Buffer;
  readonly fanout: Fanout;
  readonly clock?: Clock;
}

/** The API module, built around an event store chosen at start-up. */
@Module({})
export class AppModule {
  static forRoot({ config, store, sessionSecret, fanout, clock = { now: () => Date.now() } }: AppDependencies): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot()],
      controllers: [AuthController, AuctionController, DealerController, ShowcaseController, HealthController, DocsController, EventsController, MetricsController, AdminController, ...LIVE_CONTROLLERS],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: EVENT_STORE, useValue: store },
        { provide: FANOUT, useValue: fanout },
        { provide: CLOCK, useValue: clock },
        { provide: STREAM_WRITER, useFactory: () => new StreamWriter(store, () => clock.now()) },
        { provide: SessionTokens, useFactory: () => new SessionTokens(sessionSecret, config.sessionTtlMs, { liveTtlMs: config.liveTokenTtlMs }) },
        { provide: Metrics, useFactory: () => new Metrics() },
        // Every route passes the one guard: public only where a route is marked @Public().
        { provide: APP_GUARD, useExisting: AuthGuard },
        LiveReadModel, Consistency, CommandRunner, AuthService, AuthGuard, AuctionQueries, DealerQueries, ShowcaseQueries, TransitionScheduler,
        CreateAuctionHandler, EditAuctionHandler, DeleteAuctionHandler, ResizeTimeHandler, StartAuctionHandler, CloseLotHandler,
        AcceptRegulationHandler, AwardHandler, PlaceOfferHandler, ObserveLotHandler, GiveFeedbackHandler, ...SHOWCASE_HANDLERS, ...LIVE_PROVIDERS, ...CREDENTIAL_PROVIDERS, ...IDEMPOTENCY_PROVIDERS,
      ],
    };
  }
}
