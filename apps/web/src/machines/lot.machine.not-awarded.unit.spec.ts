import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { LotView } from '@auction/contracts';
import type { LiveViewer } from './live-messages.js';
import { lotMachine } from './lot.machine.js';
import { lotMessage, lotView } from './test-fixtures.js';

function start(viewer: LiveViewer, lot: LotView, myOfferIds?: string[]) {
  const actor = createActor(lotMachine, { input: { lot, viewer, myOfferIds } });
  actor.start();
  return actor;
}

/** The API shows a not-awarded lot as status CLD with awardStatus NAW (issue 11 item 13): it is still a decided lot. */
describe('lotMachine: a not-awarded lot (status CLD, awardStatus NAW)', () => {
  it('is decided: notAwarded for its auctioneer, lost for a dealer who bid, never "to award"', () => {
    const naw = lotView({ status: 'CLD', awardStatus: 'NAW', bestOffer: 1000, bestOfferId: 'o1' });
    expect(start('auctioneer', naw).getSnapshot().value).toEqual({ AWA: 'notAwarded' });
    expect(start('dealer', naw, ['o1']).getSnapshot().value).toEqual({ AWA: 'lost' });
  });

  it('follows a live not-award and its revert', () => {
    const actor = start('auctioneer', lotView({ status: 'CLD', bestOffer: 1000, bestOfferId: 'o1' }));
    expect(actor.getSnapshot().value).toEqual({ CLD: 'toAward' });
    actor.send({ type: 'live.lot', lot: lotMessage(1, { status: 'CLD', awardStatus: 'NAW', bestOffer: 1000, bestOfferId: 'o1' }) });
    expect(actor.getSnapshot().value).toEqual({ AWA: 'notAwarded' });
    actor.send({ type: 'live.lot', lot: lotMessage(2, { status: 'CLD', awardStatus: 'TBA', bestOffer: 1000, bestOfferId: 'o1' }) });
    expect(actor.getSnapshot().value).toEqual({ CLD: 'toAward' });
  });
});
