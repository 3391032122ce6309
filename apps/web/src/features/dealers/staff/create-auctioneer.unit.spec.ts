import { describe, expect, it } from 'vitest';
import { EMPTY_AUCTIONEER, auctioneerBody } from './create-auctioneer.js';

const valid = {
  ...EMPTY_AUCTIONEER,
  businessName: ' Aste Roma ', vatCode: 'IT01234567890', address: 'Via Appia 1', city: 'Roma', postalCode: '00100',
  email: 'aste@example.com', referenceName: 'Anna', referenceSurname: 'Verdi', referenceEmail: 'anna@example.com',
};

describe('create-auctioneer body', () => {
  it('a complete form is a trimmed POST /admin/dealer body, an empty phone is null', () => {
    const { body, issues } = auctioneerBody(valid);
    expect(issues).toEqual([]);
    expect(body).toMatchObject({ businessName: 'Aste Roma', country: 'IT', phone: null, region: null, referenceEmail: 'anna@example.com' });
  });
  it('names every missing or wrong field and gives no body', () => {
    const { body, issues } = auctioneerBody({ ...valid, businessName: '  ', referenceEmail: 'not-an-email' });
    expect(body).toBeNull();
    expect(issues.sort()).toEqual(['businessName', 'referenceEmail']);
  });
  it('the empty form is refused on each required field', () => {
    expect(auctioneerBody(EMPTY_AUCTIONEER).issues).toEqual(expect.arrayContaining(['businessName', 'vatCode', 'address', 'city', 'postalCode', 'email', 'referenceName', 'referenceSurname', 'referenceEmail']));
    expect(auctioneerBody(EMPTY_AUCTIONEER).issues).not.toContain('phone');
  });
});
