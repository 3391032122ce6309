import { REGISTRATION_ERROR_CODES, dealerRegistrationIssues, type DealerRegistration } from '@auction/domain';
import { AccessError } from '../../platform/engine/access-error.js';

/** The registration fields a back-office create or edit checks with the registration form's own rules. */
export const CHECKED_FIELDS = [
  'businessName', 'address', 'country', 'email', 'city', 'region', 'postalCode', 'vatCode', 'mobile', 'website', 'phone', 'regon',
  'referenceName', 'referenceSurname', 'referenceEmail', 'referenceFCA', 'typeDealerActivity', 'carSold', 'buyingInterest',
] as const;

/**
 * Checks a dealer's business data with the registration rules of its country (spec 01 §5: the per-country VAT code,
 * postal code and region rules, the lengths, the e-mails, the IT VAT checksum), reporting only the fields named in
 * `fields` (what the caller sent: staff may leave out what a registration requires and the back-office does not,
 * such as the mobile number or the consents). Throws 422101 with every broken field and its message key.
 */
export function assertBusinessRules(country: string, data: Readonly<Record<string, string | null | undefined>>, fields: readonly string[]): void {
  const payload = { ...data, country, confEmail: data.email } as DealerRegistration;
  const wanted = new Set(fields);
  const details = dealerRegistrationIssues(payload)
    .filter((issue) => wanted.has(String(issue.path[0])))
    .map((issue) => ({ field: String(issue.path[0]), rule: issue.message }));
  if (details.length > 0) {
    throw new AccessError(422, REGISTRATION_ERROR_CODES.DEALER_REGISTRATION_INVALID,
      `the dealer's data breaks a rule: ${details.map((d) => `${d.field} ${d.rule}`).join('; ')}`, details);
  }
}
