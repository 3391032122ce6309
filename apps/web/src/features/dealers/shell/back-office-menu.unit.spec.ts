import { describe, expect, it } from 'vitest';
import { backOfficeAreas } from './back-office-menu.js';

describe('backOfficeAreas', () => {
  it('gives an ADMIN every area, anonymisation included', () => {
    expect(backOfficeAreas(['ADMIN']).map((a) => a.to)).toEqual(['/dealer-management', '/seller-management', '/users', '/template', '/auctioneer-management', '/exhibitors', '/vehicle-management', '/user-anonymization', '/email', '/lead', '/push-notification', '/top-cms', '/report']);
  });
  it('gives customer-centre staff every area but anonymisation (ADMIN only), e-mail included', () => {
    expect(backOfficeAreas(['CUSTOMER_CENTER']).map((a) => a.key)).toEqual(['dealers', 'sellers', 'users', 'templates', 'auctioneers', 'exhibitors', 'vehicles', 'email', 'lead', 'push', 'topCms', 'report']);
  });
  it('gives nobody else a back-office', () => {
    expect(backOfficeAreas(['BUYER'])).toEqual([]);
    expect(backOfficeAreas(['AUCTIONEER', 'EXHIBITOR', 'MULTI_AUCTIONEER'])).toEqual([]);
  });
});
