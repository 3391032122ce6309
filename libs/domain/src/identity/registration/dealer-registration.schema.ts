import { z } from 'zod';
import { FORM_MESSAGE_KEYS, reportIssues } from './form-messages.js';
import { canonicalDealerRegistration, dealerRegistrationIssues } from './dealer-registration.rules.js';

/**
 * Maximum lengths of the registration payload: spec 01 §3 where it gives one; ours (marked) where it does not,
 * so no field is unbounded on the wire.
 */
export const DEALER_REGISTRATION_MAX_LENGTHS = {
  businessName: 50, address: 100, email: 100, confEmail: 100, city: 50, postalCode: 10, vatCode: 50, mobile: 50,
  phone: 50, regon: 50, referenceName: 50, referenceSurname: 50, referenceFiscalCode: 20, referenceEmail: 50,
  referenceFCA: 200,
  // ours: codes of the code tables, a URL, file names
  country: 10, region: 50, typeDealerActivity: 50, carSold: 50, buyingInterest: 50, website: 255,
  visura: 255, doc: 255, doc2: 255, idMarket: 5,
} as const;

/** An optional text field: a string (trimmed) or absent; any other type is `wrongFormat`. */
const text = () => z.string({ error: FORM_MESSAGE_KEYS.wrongFormat }).trim().nullish();
/** An optional checkbox or yes/no answer. */
const flag = () => z.boolean({ error: FORM_MESSAGE_KEYS.wrongFormat }).nullish();

/** The payload's fields and their types, before the rules. */
const dealerRegistrationFields = z.object(
  {
    businessName: text(), address: text(), country: text(), email: text(), confEmail: text(), city: text(), region: text(),
    postalCode: text(), vatCode: text(), mobile: text(), website: text(), phone: text(), regon: text(),
    typeDealerActivity: text(), carSold: text(), buyingInterest: text(),
    referenceName: text(), referenceSurname: text(), referenceFiscalCode: text(),
    /** DD/MM/YYYY, an ISO date or epoch ms (see `parseBirthDate`). */
    referenceBirthDate: z.union([z.string().trim(), z.number()], { error: FORM_MESSAGE_KEYS.invalidDate }).nullish(),
    referenceEmail: text(), referenceFCA: text(),
    checkCCA: flag(), checkDati: flag(), checkTec: flag(),
    checkConsents1: flag(), checkConsents2: flag(), checkConsents3: flag(),
    visura: text(), doc: text(), doc2: text(),
    idMarket: text(),
  },
  { error: FORM_MESSAGE_KEYS.wrongFormat },
);

/**
 * The `dealerFullDTO` of `POST /api/v1/open/sign-up` (spec 01 §3) and the registration form's values, with every rule
 * of spec 01 §5: the required list, the maximum lengths, valid and equal e-mails, a valid reference birth date, each
 * row of the per-country table (the form validators, authoritative; see `formatHelpers` for the other reading), the
 * Italian VAT checksum and fiscal code, the three consents answered and the documents by file name (their bytes are
 * checked by `checkDocument`). Every issue's `message` is a key of `FORM_MESSAGE_KEYS` and its `path` the field; a
 * document issue carries `params.errorCode` 600002. All issues are reported at once (one per field), so the form can
 * mark every field after a submit attempt. Fields are optional in the type because a half-filled form is parsed too.
 * The output is canonical ({@link canonicalDealerRegistration}): an IT reference fiscal code comes out upper-cased.
 */
export const dealerRegistrationSchema = dealerRegistrationFields
  .superRefine((value, ctx) => reportIssues(ctx, dealerRegistrationIssues(value)))
  .overwrite(canonicalDealerRegistration); // a check, not a transform: the schema stays an object (`.shape`)

/** The registration payload as sent (or typed in the form). */
export type DealerRegistrationInput = z.input<typeof dealerRegistrationSchema>;
/** The registration payload once parsed (strings trimmed, an IT fiscal code canonical). */
export type DealerRegistration = z.output<typeof dealerRegistrationFields>;
/** A field of the registration payload. */
export type DealerRegistrationField = keyof DealerRegistration;
