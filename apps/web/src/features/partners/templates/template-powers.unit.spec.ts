import { describe, expect, it } from 'vitest';
import { MARKETS } from '@auction/domain';
import { templatePowers } from './template-powers.js';

describe('what a user may do on the templates screens', () => {
  it('an ADMIN manages and enables, in its own markets', () => {
    expect(templatePowers({ roles: ['ADMIN'], adminEnabledMarket: ['IT', 'DE'] })).toEqual({ manage: true, enable: true, markets: ['IT', 'DE'] });
  });
  it('an auctioneer manages its dealer\'s templates of any market but enables nothing', () => {
    expect(templatePowers({ roles: ['AUCTIONEER'] })).toEqual({ manage: true, enable: false, markets: MARKETS });
    expect(templatePowers({ roles: ['MULTI_AUCTIONEER'] }).manage).toBe(true);
  });
  it('customer-centre staff, a read-only ADMIN and a buyer change nothing', () => {
    expect(templatePowers({ roles: ['CUSTOMER_CENTER'], adminEnabledMarket: ['IT'] })).toMatchObject({ manage: false, enable: false });
    expect(templatePowers({ roles: ['ADMIN'], readOnly: true, adminEnabledMarket: ['IT'] })).toMatchObject({ manage: false, enable: false });
    expect(templatePowers({ roles: ['BUYER'] })).toMatchObject({ manage: false, enable: false });
  });
});
