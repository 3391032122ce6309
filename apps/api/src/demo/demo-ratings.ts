import {
  AUCTION, LOT, USER, decideAuction, decideLot, decideUser, streamId, type AuctionCommand, type AuctionEvent, type AuctionState, type LotCommand, type LotEvent, type LotState, type UserState,
} from '@auction/domain';
import { auctionDefinition, lotDefinitions } from '../auctions/commands/create-auction.handler.js';
import { derivedId, lotIdOf } from '../platform/engine/ids.js';
import type { Decision, StreamWriter } from '../platform/engine/stream-writer.js';
import { DEMO_TEMPLATES } from './demo-data.js';

const DAY = 86_400_000;

/**
 * The demo partners' ratings: for each demo template, one past auction sold through it (two days ago, one typed-in lot
 * per buyer), each lot won and awarded to a demo dealer, and the winners' ratings, given as `POST .../feedback` gives
 * them (the same idFeedback, so a dealer's later vote is a repeat). The buyers are the last demo dealers (dealer16 to
 * dealer20 with the default DEMO_DEALERS=20), apart from those the tests log in as: the last one (dealer20) wins a lot
 * in each but has not rated, so its purchases page offers the rating dialog to try. With fewer than 10 demo dealers
 * (small test demos) there are no ratings.
 */
export const DEMO_PAST_AUCTIONS = [
  { idAuction: 'demo-past-leasys', idTemplate: DEMO_TEMPLATES[0].idTemplate, name: 'Leasys returns (closed)', votes: [5, 4, 4, 5] },
  { idAuction: 'demo-past-rent', idTemplate: DEMO_TEMPLATES[1].idTemplate, name: 'Rent-it outlet (closed)', votes: [3, 4, 5] },
  { idAuction: 'demo-past-fleet', idTemplate: DEMO_TEMPLATES[2].idTemplate, name: 'Fleet Direct returns (closed)', votes: [4, 5, 4] },
] as const;

/** Folds commands through the lot decider, each on the state the previous left. */
function lotEvents(state: LotState, commands: readonly LotCommand[]): LotEvent[] {
  const events: LotEvent[] = [];
  for (const command of commands) {
    const decided = decideLot(command, state);
    for (const event of decided) state = LOT.evolve(state, event);
    events.push(...decided);
  }
  return events;
}

/** Seeds the past auctions and the ratings once: an auction already there is left as it is. */
export async function seedDemoRatings(writer: StreamWriter, demoDealers: number, now: number): Promise<void> {
  for (const [a, past] of DEMO_PAST_AUCTIONS.entries()) {
    if (demoDealers < 10) return;
    // The last demo dealer first (it leaves its purchase unrated), then the voters before it.
    const numbers = Array.from({ length: past.votes.length + 1 }, (_, i) => demoDealers - i);
    const buyers = numbers.map((n) => `dealer${n}`);
    const start = now - 3 * DAY;
    const end = now - 2 * DAY;
    const body = {
      auctionName: past.name, idMarket: 'IT' as const, auctionType: 'OTH' as const, startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString(),
      regulationRequired: false, idTemplate: past.idTemplate,
      lots: buyers.map((_, i) => ({ licensePlate: `GP${a}${100 + i}DM`, brand: 'Fiat', model: 'Panda', basePrice: 4000 + 500 * i, minIncrement: 100 })),
    };
    const lotIds = buyers.map((_, i) => lotIdOf(past.idAuction, i + 1));
    const lots = lotDefinitions(past.idAuction, { idOwner: 'auctioneer', idSellerDealer: 'D-AUCT' }, body, lotIds);
    const auctionSid = streamId.auction(past.idAuction);
    const userSids = buyers.map((idUser) => streamId.user(idUser));
    await writer.execute({
      streams: [auctionSid, ...lotIds.map(streamId.lot), ...userSids],
      metadata: { userId: 'system' },
      decide: (view): Decision[] => {
        const auction = view.state<AuctionState>(auctionSid);
        if (auction.status !== 'NONE') return [];
        // Scheduled, started, and every lot ended and awarded: the auction is AWA, as the scheduler would leave it.
        const scheduled: AuctionEvent[] = [];
        let state: AuctionState = AUCTION.initialState;
        for (const command of [
          { type: 'ScheduleAuction', idAuction: past.idAuction, idOwner: 'auctioneer', idSellerDealer: 'D-AUCT', definition: auctionDefinition(body, lotIds), now: start - 3_600_000 },
          { type: 'StartAuction', now: start },
          { type: 'FollowLots', lots: lotIds.map(() => ({ ended: true, awardStatus: 'AWA' as const })), now: end + 60_000 },
        ] satisfies AuctionCommand[]) {
          const decided = decideAuction(command, state);
          for (const event of decided) state = AUCTION.evolve(state, event);
          scheduled.push(...decided);
        }
        const lotDecisions = lots.map((def, i): Decision => {
          const idOffer = `${def.idLot}-offer`;
          return {
            streamId: streamId.lot(def.idLot),
            events: lotEvents(view.state<LotState>(streamId.lot(def.idLot)), [
              { type: 'ScheduleLot', data: def },
              { type: 'PlaceOffer', idOffer, idUser: buyers[i]!, idDealer: `D-${1000 + numbers[i]!}`, amount: def.basePrice, clickAndBuy: false, idempotencyKey: null, regulationAccepted: true, now: start + 3_600_000 },
              { type: 'CloseLot', now: end + 1_000 },
              { type: 'AwardLot', idOffer, now: end + 60_000 },
            ]),
          };
        });
        // The first buyer leaves its purchase unrated; the others vote.
        const votes = buyers.slice(1).map((idUser, i): Decision => {
          const sid = userSids[i + 1]!;
          const feedback = {
            idFeedback: derivedId('feedback', idUser, 'AUCTION', past.idAuction), target: 'AUCTION' as const, idTarget: past.idAuction,
            rating: past.votes[i]!, idAuctioneer: null, idTemplate: past.idTemplate,
          };
          return { streamId: sid, events: decideUser({ type: 'GiveFeedback', feedback }, view.state<UserState>(sid) ?? USER.initialState) };
        });
        return [{ streamId: auctionSid, events: scheduled }, ...lotDecisions, ...votes];
      },
      reply: () => undefined,
    });
  }
}
