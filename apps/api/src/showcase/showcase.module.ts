import { Module } from '@nestjs/common';
import { ShowcaseQueries } from './showcase-queries.js';
import { MobileShowcaseController } from './mobile-showcase.controller.js';
import { ShowcaseController } from './showcase.controller.js';
import { SHOWCASE_HANDLERS } from './showcase.handlers.js';
import { ShowcaseOpenGuard } from './access/showcase-open.guard.js';
import { UserShowcaseAccess, UserShowcaseAccessController } from './access/user-showcase-access.js';

/** The showcase context's controllers. */
export const SHOWCASE_CONTROLLERS = [ShowcaseController, MobileShowcaseController, UserShowcaseAccessController];

/** The fixed-price showcase: vehicles, bookings and purchases, their commands, queries and calls. */
@Module({ controllers: SHOWCASE_CONTROLLERS, providers: [ShowcaseQueries, ShowcaseOpenGuard, UserShowcaseAccess, ...SHOWCASE_HANDLERS] })
export class ShowcaseModule {}
