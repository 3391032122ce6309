import { describe, expect, it } from '@jest/globals';
import { seenBy, type OtherCaller } from './ownership-matrix.js';

const OTHERS: readonly OtherCaller[] = ['dealer', 'market', 'seller'];

describe('seenBy (which refusals may tell that a resource exists)', () => {
  it('a vehicle the owner bought is seen by no other caller: sold, it is not on sale (GET /secure/vehicle/{id} is 404200 to them)', () => {
    // Seen, the matrix would let its rating answer "not yours" to others while an unknown id gets another answer.
    expect(OTHERS.filter((caller) => seenBy(caller, 'boughtVehicle'))).toEqual([]);
  });

  it('the auction the owner bought in is seen as any auction of the default channel', () => {
    expect(OTHERS.map((caller) => seenBy(caller, 'boughtAuction'))).toEqual(OTHERS.map((caller) => seenBy(caller, 'auction')));
  });
});
