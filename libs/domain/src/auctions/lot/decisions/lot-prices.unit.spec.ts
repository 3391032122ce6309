import { describe, it } from 'vitest';
import { lotDefinition, lotScheduled, lotSpec } from '../../../testing/lot-fixtures.test-support.js';

describe('prices of a lot (ScheduleLot, EditLot)', () => {
  it('given nothing, when a lot has a buy-now price below its reserve, then it is refused', () => {
    const data = lotDefinition({ basePrice: 5000, reservePrice: 9000, buyNowPrice: 6000 });
    lotSpec.given([]).when({ type: 'ScheduleLot', data }).thenThrows('BUY_NOW_BELOW_RESERVE');
    lotSpec.given([lotScheduled()]).when({ type: 'EditLot', data }).thenThrows('BUY_NOW_BELOW_RESERVE');
  });

  it('given nothing, when the buy-now price equals the reserve or either is absent, then the lot is scheduled', () => {
    for (const prices of [{ reservePrice: 9000, buyNowPrice: 9000 }, { reservePrice: null, buyNowPrice: 6000 }, { reservePrice: 9000, buyNowPrice: null }]) {
      const data = lotDefinition({ basePrice: 5000, ...prices });
      lotSpec.given([]).when({ type: 'ScheduleLot', data }).then([lotScheduled({ basePrice: 5000, ...prices })]);
    }
  });

  it('given nothing, when an amount has a fraction of a cent, is above the bound or the increment is below one cent, then it is refused', () => {
    for (const bad of [{ basePrice: 1000.000000001 }, { basePrice: 1e15 }, { minIncrement: 0.000000001 }, { minIncrement: 0 }, { reservePrice: 1.7e306 }, { buyNowPrice: 0.001 }]) {
      lotSpec.given([]).when({ type: 'ScheduleLot', data: lotDefinition(bad) }).thenThrows('INVALID_AMOUNT');
      lotSpec.given([lotScheduled()]).when({ type: 'EditLot', data: lotDefinition(bad) }).thenThrows('INVALID_AMOUNT');
    }
  });
});
