import { Module } from '@nestjs/common';
import { ShowcaseQueries } from './showcase-queries.js';
import { MobileShowcaseController } from './mobile-showcase.controller.js';
import { ShowcaseController } from './showcase.controller.js';
import { SHOWCASE_HANDLERS } from './showcase.handlers.js';

/** The showcase context's controllers. */
export const SHOWCASE_CONTROLLERS = [ShowcaseController, MobileShowcaseController];

/** The fixed-price showcase: vehicles, bookings and purchases, their commands, queries and calls. */
@Module({ controllers: SHOWCASE_CONTROLLERS, providers: [ShowcaseQueries, ...SHOWCASE_HANDLERS] })
export class ShowcaseModule {}
