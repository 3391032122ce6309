import { Module } from '@nestjs/common';
import { AwardHandler } from './commands/award.handlers.js';
import { CreateAuctionHandler } from './commands/create-auction.handler.js';
import { GiveFeedbackHandler } from './commands/feedback.handler.js';
import { SetAuctionFileMessageHandler, SetAuctionMessageHandler } from './commands/auction-message.handler.js';
import { AuctionFileMessageController } from './http/auction-file-message.controller.js';
import { DeleteAuctionHandler, EditAuctionHandler, ResizeTimeHandler, WithdrawLotHandler } from './commands/manage-auction.handlers.js';
import { ObserveLotHandler, PlaceOfferHandler } from './commands/place-offer.handler.js';
import { AcceptRegulationHandler, CloseLotHandler, StartAuctionHandler } from './commands/run-auction.handlers.js';
import { AuctionController } from './http/auction.controller.js';
import { AuctionV2Controller } from './http/auction-v2.controller.js';
import { DealerController } from './http/dealer.controller.js';
import { LotLookupsController } from './http/lot-lookups.controller.js';
import { MobileAuctionController } from './http/mobile-auction.controller.js';
import { AuctionQueries } from './read/auction-queries.js';
import { DealerQueries } from './read/dealer-queries.js';
import { TransitionScheduler } from './scheduler/transition-scheduler.js';
import { OffersInFlight } from './scheduler/offers-in-flight.js';

/** The auctions context's controllers: auctioneers' and dealers' auction calls. */
export const AUCTIONS_CONTROLLERS = [AuctionController, AuctionV2Controller, AuctionFileMessageController, DealerController, LotLookupsController, MobileAuctionController];

/** Auctions, lots, offers and awards: their commands, queries, calls and the scheduler of timed transitions. */
@Module({
  controllers: AUCTIONS_CONTROLLERS,
  providers: [
    AuctionQueries, DealerQueries, TransitionScheduler, OffersInFlight,
    CreateAuctionHandler, EditAuctionHandler, DeleteAuctionHandler, WithdrawLotHandler, ResizeTimeHandler, StartAuctionHandler, CloseLotHandler,
    AcceptRegulationHandler, AwardHandler, PlaceOfferHandler, ObserveLotHandler, GiveFeedbackHandler, SetAuctionMessageHandler, SetAuctionFileMessageHandler,
  ],
  exports: [TransitionScheduler, OffersInFlight],
})
export class AuctionsModule {}
