import { describe, expect, test } from 'vitest';
import { dealerRegistrationSchema } from './dealer-registration.schema.js';
import { formatHelpers, formValidators } from './format-helpers.js';
import { validDealerRegistration } from './registration.test-support.js';

/** Spec 01 §5 gives two readings of the format checks; both are implemented, the form validators are enforced. */
describe('the two readings of the format checks', () => {
  test.each([
    // [country, postal code, form validators, format helpers]
    ['EN', 'SW1A 1AA', true, false],
    ['EN', 'SW1A1AA', true, true],
    ['EN', 'M11AE', false, true],
    ['PL', '00-950', true, false],
    ['PL', '00950', false, true],
    ['PL', 'AB12CD34', false, true],
    ['PT', '1000-001', true, true],
    ['PT', '10000011', true, false],
    ['PT', '1000 001', true, false],
    ['IT', '20121', true, true],
    ['IT', '2012', false, false],
  ] as const)('%s postal code %j: form %s, helpers %s', (country, postalCode, form, helpers) => {
    expect(formValidators.isValidPostalCode(country, postalCode)).toBe(form);
    expect(formatHelpers.isValidPostalCode(country, postalCode)).toBe(helpers);
  });

  test.each([
    ['EN', 'G'.repeat(30), true, true],
    ['EN', 'G'.repeat(31), false, false],
    ['PL', '5260250274', true, true],
    ['PL', 'P'.repeat(30), false, true],
    ['IT', '00743110157', true, true],
    ['IT', '00743110158', false, false],
    ['DE', 'DE136695976', true, true],
  ] as const)('%s VAT %j: form %s, helpers %s', (country, vatCode, form, helpers) => {
    expect(formValidators.isValidVatCode(country, vatCode)).toBe(form);
    expect(formatHelpers.isValidVatCode(country, vatCode)).toBe(helpers);
  });

  test('the schema follows the form validators, not the helpers', () => {
    expect(dealerRegistrationSchema.safeParse({ ...validDealerRegistration('PL'), postalCode: '00-950' }).success).toBe(true);
    expect(dealerRegistrationSchema.safeParse({ ...validDealerRegistration('PL'), postalCode: '00950' }).success).toBe(false);
    expect(dealerRegistrationSchema.safeParse({ ...validDealerRegistration('PT'), postalCode: '10000011' }).success).toBe(true);
    expect(dealerRegistrationSchema.safeParse({ ...validDealerRegistration('PL'), vatCode: 'P'.repeat(30) }).success).toBe(false);
  });

  test('a country without a format accepts any text; unknown countries are OTHER', () => {
    expect(formatHelpers.isValidPostalCode('LU', 'L-1234')).toBe(true);
    expect(formValidators.isValidVatCode('AT', 'ATU12345678')).toBe(true);
    expect(formValidators.isValidVatCode('AT', 'ATU-12345678')).toBe(false);
  });
});
