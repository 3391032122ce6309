import { describe, expect, it } from 'vitest';
import { END, lotClosed, lotScheduled, lotSpec, offerA } from '../../testing/lot-fixtures.test-support.js';
import { lotStatusAt } from './lot.predicates.js';

describe('lotStatusAt of a closed lot', () => {
  it('given a closed lot the owner did not award, then it shows CLD, never AWA', () => {
    const { state } = lotSpec.given([lotScheduled(), offerA, lotClosed()]).when({ type: 'NotAwardLot', now: END + 1 }).run();
    expect(state).toMatchObject({ status: 'CLOSED', award: { status: 'NAW' } });
    expect(lotStatusAt(state, END + 1)).toBe('CLD');
  });

  it('given a closed lot still to be decided, then CLD; once awarded, AWA', () => {
    const closed = lotSpec.given([lotScheduled(), offerA, lotClosed()]).when({ type: 'RevertLotAward' }).run().state;
    expect(lotStatusAt(closed, END + 1)).toBe('CLD');
    const idOffer = closed.status === 'CLOSED' ? closed.data.best!.idOffer : '';
    const awarded = lotSpec.given([lotScheduled(), offerA, lotClosed()]).when({ type: 'AwardLot', idOffer, now: END + 1 }).run().state;
    expect(lotStatusAt(awarded, END + 1)).toBe('AWA');
  });
});
