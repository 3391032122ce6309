import { MARKETS } from '../../shared/statuses.js';
import { parseBirthDate } from './birth-date.js';
import type { DealerRegistration } from './dealer-registration.schema.js';
import { DEALER_REGISTRATION_MAX_LENGTHS as MAX } from './dealer-registration.schema.js';
import { isAcceptedDocumentName, type RegistrationDocumentKind } from './documents.js';
import { checkFiscalCodeShape, checkItalianFiscalCode, isPrintableAscii, normalizeFiscalCode } from './fiscal-code.js';
import { FORM_MESSAGE_KEYS, isBlank, type FormIssue } from './form-messages.js';
import { COUNTRY_RULES, registrationCountryOf, type FieldRule } from './registration-countries.js';
import { REGISTRATION_ERROR_CODES } from './registration-error-codes.js';
import { checkText, isValidEmail } from './text-rules.js';
import { WEBSITE_FORMAT } from './website.js';

type TextField = { [K in keyof DealerRegistration]-?: DealerRegistration[K] extends string | null | undefined ? K : never }[keyof DealerRegistration];

/**
 * Every broken rule of a registration payload (spec 01 §5), at most one per field, in the order of the form's
 * sections (details, dealer activity, internal reference, consents, documents) so the first issue is where the
 * form scrolls to. Pure; the schema reports the result as zod issues.
 */
export function dealerRegistrationIssues(p: DealerRegistration): FormIssue[] {
  const country = registrationCountryOf(p.country);
  const rules = COUNTRY_RULES[country];
  const mandatory = (name: string): FormIssue => ({ path: [name], message: FORM_MESSAGE_KEYS.mandatory });
  const wrongFormat = (name: string): FormIssue => ({ path: [name], message: FORM_MESSAGE_KEYS.wrongFormat });
  const issues: (FormIssue | null)[] = [];
  const field = (name: TextField, rule: FieldRule | boolean): FormIssue | null => {
    const { required, format } = typeof rule === 'boolean' ? { required: rule, format: undefined } : rule;
    return checkText(name, p[name], { required, maxLength: MAX[name], multiline: name === 'referenceFCA', ...(format ? { format } : {}) });
  };
  const email = (name: 'email' | 'referenceEmail', required: boolean): FormIssue | null =>
    field(name, required) ?? (!isBlank(p[name]) && !isValidEmail(p[name]) ? wrongFormat(name) : null);

  // Details
  issues.push(field('businessName', true), field('address', true));
  issues.push(field('country', true) ?? (/^[A-Za-z]{2,5}$/.test(p.country!) ? null : wrongFormat('country')));
  issues.push(email('email', true));
  // The confirmation is only compared: its format is the e-mail's, reported once, on the e-mail.
  issues.push(field('confEmail', true) ?? (p.confEmail !== p.email ? { path: ['confEmail'], message: FORM_MESSAGE_KEYS.confirmEmail } : null));
  issues.push(field('city', true), field('region', rules.region), field('postalCode', rules.postalCode.shown ? rules.postalCode : false));
  issues.push(field('vatCode', rules.vatCode), field('mobile', true), field('website', { shown: true, required: false, format: WEBSITE_FORMAT }));
  issues.push(field('phone', false), field('regon', rules.regon));
  // Dealer activity
  issues.push(field('typeDealerActivity', true), field('carSold', true), field('buyingInterest', true));
  // Internal reference
  const nameIssue = field('referenceName', rules.referenceName);
  const surnameIssue = field('referenceSurname', true);
  issues.push(nameIssue, surnameIssue);
  const personKnown = !nameIssue && !surnameIssue; // a wrong name is reported on the name, not also on the code
  // IT: a non-ASCII character (the lookalike `ſ` for S) makes an invalid code, refused before any upper-casing.
  issues.push(country === 'IT' && !isBlank(p.referenceFiscalCode) && !isPrintableAscii(p.referenceFiscalCode) ? fiscalCodeIssue('format')
    : field('referenceFiscalCode', rules.referenceFiscalCode) ?? (country === 'IT' ? italianFiscalCodeIssue(p, personKnown) : null));
  issues.push(birthDateIssue(p.referenceBirthDate, rules.referenceBirthDate.required));
  issues.push(email('referenceEmail', rules.referenceEmail.required), field('referenceFCA', false));
  // Consents: the IT checkboxes must be ticked; the three consents answered, agree or disagree (see README.md)
  if (rules.checksRequired) for (const name of ['checkCCA', 'checkDati', 'checkTec'] as const) issues.push(p[name] === true ? null : mandatory(name));
  for (const name of ['checkConsents1', 'checkConsents2', 'checkConsents3'] as const) issues.push(typeof p[name] === 'boolean' ? null : mandatory(name));
  // Documents, by name (their content is checked by `checkDocument` where the bytes are)
  issues.push(documentIssue('visura', p.visura, rules.visura.required), documentIssue('doc', p.doc, true));
  issues.push(documentIssue('doc2', p.doc2, false));
  // ASCII letters only before upper-casing: `ıt` (dotless i) would upper-case to `IT`.
  const knownMarket = isBlank(p.idMarket) || (/^[A-Za-z]+$/.test(p.idMarket) && (MARKETS as readonly string[]).includes(p.idMarket.toUpperCase()));
  issues.push(field('idMarket', false) ?? (knownMarket ? null : wrongFormat('idMarket')));
  return issues.filter((i): i is FormIssue => i !== null);
}

/** IT: after the pattern, the check character and, when name, surname and birth date are there, the consistency. */
function italianFiscalCodeIssue(p: DealerRegistration, personKnown: boolean): FormIssue | null {
  const cf = p.referenceFiscalCode!;
  const birthDate = parseBirthDate(p.referenceBirthDate);
  const check = personKnown && !isBlank(p.referenceName) && !isBlank(p.referenceSurname) && birthDate
    ? checkItalianFiscalCode({ cf, name: p.referenceName, surname: p.referenceSurname, birthDate })
    : checkFiscalCodeShape(cf);
  return check.valid ? null : fiscalCodeIssue(check.reason);
}

function fiscalCodeIssue(reason: string): FormIssue {
  return { path: ['referenceFiscalCode'], message: FORM_MESSAGE_KEYS.dataErrorFiscalCode, params: { reason } };
}

/**
 * The parsed payload as it is stored: for an IT dealer the reference fiscal code in its canonical form
 * (`normalizeFiscalCode`: upper case, no blanks), so one person's code has one spelling. Other countries' codes are
 * kept as typed (trimmed): their formats are lengths, not one canonical spelling.
 */
export function canonicalDealerRegistration(p: DealerRegistration): DealerRegistration {
  return registrationCountryOf(p.country) === 'IT' && typeof p.referenceFiscalCode === 'string'
    ? { ...p, referenceFiscalCode: normalizeFiscalCode(p.referenceFiscalCode) }
    : p;
}

function birthDateIssue(value: string | number | null | undefined, required: boolean): FormIssue | null {
  if (isBlank(value)) return required ? { path: ['referenceBirthDate'], message: FORM_MESSAGE_KEYS.mandatory } : null;
  return parseBirthDate(value) ? null : { path: ['referenceBirthDate'], message: FORM_MESSAGE_KEYS.invalidDate };
}

function documentIssue(kind: RegistrationDocumentKind, name: string | null | undefined, required: boolean): FormIssue | null {
  const params = { errorCode: REGISTRATION_ERROR_CODES.DOCUMENT_INVALID };
  if (isBlank(name)) return required ? { path: [kind], message: FORM_MESSAGE_KEYS.document, params: { ...params, reason: 'missing' } } : null;
  if ([...name].length > MAX[kind] || !isAcceptedDocumentName(kind, name)) return { path: [kind], message: FORM_MESSAGE_KEYS.document, params: { ...params, reason: 'wrongName' } };
  return null;
}
