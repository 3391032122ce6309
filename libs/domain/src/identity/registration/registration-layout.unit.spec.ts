import { describe, expect, test } from 'vitest';
import { dealerRegistrationSchema } from './dealer-registration.schema.js';
import { FORM_MESSAGE_KEYS } from './form-messages.js';
import { REGISTRATION_COUNTRIES } from './registration-countries.js';
import { REGISTRATION_SECTION_OF, REGISTRATION_SECTIONS, registrationLayout } from './registration-layout.js';
import { validDealerRegistration } from './registration.test-support.js';

const shown = (pred: (c: (typeof REGISTRATION_COUNTRIES)[number]) => boolean) => REGISTRATION_COUNTRIES.filter(pred);

describe('registrationLayout: spec 01 §2 "Dealer registration form"', () => {
  test('region label: province IT BE ES NL PL, department FR, region DE, county EN', () => {
    const labels = Object.fromEntries(REGISTRATION_COUNTRIES.map((c) => [c, registrationLayout(c).regionLabel]));
    expect(labels).toMatchObject({ IT: 'province', BE: 'province', ES: 'province', NL: 'province', PL: 'province', FR: 'department', DE: 'region', EN: 'county' });
  });
  test('REGON, the Polish business register number, only for PL (#21 item 20)', () => {
    expect(shown((c) => registrationLayout(c).fields.regon.shown)).toEqual(['PL']);
  });
  test('reference name hidden for DE BE FR NL EN, reference e-mail hidden for DE', () => {
    expect(shown((c) => !registrationLayout(c).fields.referenceName.shown)).toEqual(['BE', 'FR', 'DE', 'NL', 'EN']);
    expect(shown((c) => !registrationLayout(c).fields.referenceEmail.shown)).toEqual(['DE']);
  });
  test('FCA note IT and DE; reserved-consent text hidden for FR; extra consent block IT and PT; heading and dati IT', () => {
    expect(shown((c) => registrationLayout(c).fcaNote)).toEqual(['IT', 'DE']);
    expect(shown((c) => !registrationLayout(c).reservedConsentText)).toEqual(['FR']);
    expect(shown((c) => registrationLayout(c).extraConsentBlock)).toEqual(['IT', 'PT']);
    expect(shown((c) => registrationLayout(c).consentsHeading)).toEqual(['IT']);
    expect(shown((c) => registrationLayout(c).fields.checkDati.shown)).toEqual(['IT']);
  });
  test('documents: visura for IT (and DE, where it is required), its warning IT; second block hidden for DE', () => {
    expect(shown((c) => registrationLayout(c).fields.visura.shown)).toEqual(['IT', 'DE']);
    expect(shown((c) => registrationLayout(c).visuraWarning)).toEqual(['IT']);
    expect(shown((c) => !registrationLayout(c).fields.doc2.shown)).toEqual(['DE']);
  });
  test('hints: postal code DE IT FR ES BE, extra postal block IT BE ES NL FR DE EN PL, mobile hint none for DE and Polish for PL', () => {
    expect(shown((c) => registrationLayout(c).postalCodeHint !== null)).toEqual(['IT', 'ES', 'BE', 'FR', 'DE']);
    expect(shown((c) => registrationLayout(c).extraPostalCodeBlock)).toEqual(['IT', 'ES', 'BE', 'FR', 'DE', 'NL', 'EN', 'PL']);
    expect(registrationLayout('DE').mobileHint).toBeNull();
    expect(registrationLayout('PL').mobileHint).toBe('PL');
    expect(registrationLayout('IT').mobileHint).toBe('default');
  });
  test('fiscal code and birth date starred for IT only', () => {
    expect(shown((c) => registrationLayout(c).fields.referenceFiscalCode.starred)).toEqual(['IT']);
    expect(shown((c) => registrationLayout(c).fields.referenceBirthDate.starred)).toEqual(['IT']);
  });
  test('an unknown or lower-case country', () => {
    expect(registrationLayout('it').country).toBe('IT');
    expect(registrationLayout('LU').country).toBe('OTHER');
    expect(registrationLayout(undefined).country).toBe('OTHER');
  });

  // What is starred is what the schema requires: blanking a starred field is `mandatory` (or the document error).
  test.each(REGISTRATION_COUNTRIES)('%s: starred fields are exactly the required ones', (country) => {
    const layout = registrationLayout(country);
    for (const [field, display] of Object.entries(layout.fields)) {
      if (!display.shown) continue;
      const blank = typeof validDealerRegistration(country)[field as 'doc'] === 'boolean' ? false : '';
      const result = dealerRegistrationSchema.safeParse({ ...validDealerRegistration(country), [field]: blank });
      const required = (result.error?.issues ?? []).some((i) => i.path[0] === field && (i.message === FORM_MESSAGE_KEYS.mandatory || i.message === FORM_MESSAGE_KEYS.document));
      expect({ country, field, required }).toEqual({ country, field, required: display.starred });
    }
  });
});

test('every payload field belongs to a section', () => {
  for (const field of Object.keys(dealerRegistrationSchema.shape)) expect(REGISTRATION_SECTIONS).toContain(REGISTRATION_SECTION_OF[field]);
});
