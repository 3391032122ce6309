import {
  REGISTRATION_SECTIONS, REGISTRATION_SECTION_OF, dealerRegistrationSchema, registrationLayout,
  type DealerRegistrationInput, type RegistrationDocumentKind, type RegistrationLayout, type RegistrationSection,
} from '@auction/domain';

/** The typed values of the form: texts as typed, checkboxes, yes/no answers (null until answered). */
export interface RegistrationValues {
  businessName: string; address: string; country: string; email: string; confEmail: string; city: string; region: string;
  postalCode: string; vatCode: string; mobile: string; website: string; phone: string; regon: string;
  typeDealerActivity: string; carSold: string; buyingInterest: string;
  referenceName: string; referenceSurname: string; referenceFiscalCode: string; referenceBirthDate: string;
  referenceEmail: string; referenceFCA: string;
  checkCCA: boolean; checkDati: boolean; checkTec: boolean;
  checkConsents1: boolean | null; checkConsents2: boolean | null; checkConsents3: boolean | null;
}

/** A field of the form's values. */
export type RegistrationField = keyof RegistrationValues;

/** The files chosen for each upload (absent: none). */
export type RegistrationFiles = Partial<Record<RegistrationDocumentKind, File>>;

/** One field's broken rule: an i18n key of `FORM_MESSAGE_KEYS` and its parameters. */
export interface FieldIssue {
  readonly message: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** The broken rules, by field (payload field names, documents included). */
export type FieldIssues = Readonly<Record<string, FieldIssue>>;

/** An empty form for a dealer of `country` (the market of the page language, changed by the country dropdown). */
export function emptyRegistration(country: string): RegistrationValues {
  return {
    businessName: '', address: '', country, email: '', confEmail: '', city: '', region: '', postalCode: '', vatCode: '',
    mobile: '', website: '', phone: '', regon: '', typeDealerActivity: '', carSold: '', buyingInterest: '',
    referenceName: '', referenceSurname: '', referenceFiscalCode: '', referenceBirthDate: '', referenceEmail: '', referenceFCA: '',
    checkCCA: false, checkDati: false, checkTec: false, checkConsents1: null, checkConsents2: null, checkConsents3: null,
  };
}

const blankToUndefined = (value: string): string | undefined => (value.trim() === '' ? undefined : value);

/**
 * The `dealerFullDTO` of `POST /open/sign-up`: what the form holds, hidden fields left out (a hidden field is never
 * sent, so a value typed before the country changed cannot break a rule the dealer cannot see), the chosen files'
 * names and `idMarket` = the first two characters of the locale (spec 01 §3).
 */
export function toRegistrationPayload(values: RegistrationValues, files: RegistrationFiles, locale: string): DealerRegistrationInput {
  const layout = registrationLayout(values.country);
  const shown = (field: keyof RegistrationLayout['fields']) => layout.fields[field].shown;
  const text = (field: RegistrationField, visible = true) => (visible ? blankToUndefined(values[field] as string) : undefined);
  return {
    businessName: text('businessName'), address: text('address'), country: text('country'), email: text('email'),
    confEmail: text('confEmail'), city: text('city'), region: text('region', shown('region')),
    postalCode: text('postalCode', shown('postalCode')), vatCode: text('vatCode'), mobile: text('mobile'), website: text('website'),
    phone: text('phone'), regon: text('regon', shown('regon')), typeDealerActivity: text('typeDealerActivity'),
    carSold: text('carSold'), buyingInterest: text('buyingInterest'), referenceName: text('referenceName', shown('referenceName')),
    referenceSurname: text('referenceSurname'), referenceFiscalCode: text('referenceFiscalCode', shown('referenceFiscalCode')),
    referenceBirthDate: text('referenceBirthDate', shown('referenceBirthDate')), referenceEmail: text('referenceEmail', shown('referenceEmail')),
    referenceFCA: text('referenceFCA', shown('referenceFCA')),
    checkCCA: values.checkCCA, checkDati: shown('checkDati') ? values.checkDati : undefined, checkTec: values.checkTec,
    checkConsents1: values.checkConsents1, checkConsents2: values.checkConsents2, checkConsents3: values.checkConsents3,
    visura: shown('visura') ? files.visura?.name : undefined, doc: files.doc?.name, doc2: shown('doc2') ? files.doc2?.name : undefined,
    idMarket: locale.slice(0, 2).toLowerCase(),
  };
}

/**
 * Every broken rule of the form, by field, from the SAME zod schema the API enforces (`dealerRegistrationSchema`
 * of @auction/domain): the form never has a rule of its own, so what it lets through the server accepts.
 */
export function registrationIssues(values: RegistrationValues, files: RegistrationFiles, locale: string): FieldIssues {
  const result = dealerRegistrationSchema.safeParse(toRegistrationPayload(values, files, locale));
  if (result.success) return {};
  const issues: Record<string, FieldIssue> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || issues[field]) continue;
    const params = (issue as { params?: Record<string, unknown> }).params;
    issues[field] = params ? { message: issue.message, params } : { message: issue.message };
  }
  return issues;
}

/** The first section (in the form's order) holding a field of `fields`, or null: where an invalid submit scrolls. */
export function sectionOfFirstError(fields: Iterable<string>): RegistrationSection | null {
  const sections = new Set<RegistrationSection>();
  for (const field of fields) {
    const section = Object.hasOwn(REGISTRATION_SECTION_OF, field) ? REGISTRATION_SECTION_OF[field] : undefined;
    if (section) sections.add(section);
  }
  return REGISTRATION_SECTIONS.find((s) => sections.has(s)) ?? null;
}

/**
 * The issues to show (spec 01 §4): a field's message once it was touched, every message after a submit attempt.
 * The e-mail confirmation is compared on every keystroke, so its mismatch shows as soon as it was typed in.
 */
export function visibleIssues(issues: FieldIssues, touched: ReadonlySet<string>, submitted: boolean): FieldIssues {
  if (submitted) return issues;
  return Object.fromEntries(Object.entries(issues).filter(([field]) => touched.has(field)));
}

/** The i18n key (namespace `registration`) of the region dropdown's label for `country` (spec 01 §2). */
export function regionLabelKey(country: string): string {
  const layout = registrationLayout(country);
  return layout.country === 'DE' ? 'region.bundesland' : `region.${layout.regionLabel}`;
}

/** The text key and values of a field issue: a length rule says its length. */
export function issueText(issue: FieldIssue): { key: string; values: Record<string, unknown> } {
  const params = issue.params ?? {};
  const key = issue.message.replace(/^registrationForm\.error\./, '');
  if (key === 'wrongFormat' && typeof params.length === 'number' && params.checksum === undefined) {
    return { key: 'registration:registrationForm.error.length', values: { length: params.length } };
  }
  if (key === 'wrongFormat' && typeof params.maxLength === 'number' && params.minLength === undefined) {
    return { key: 'registration:registrationForm.error.maxLength', values: { maxLength: params.maxLength } };
  }
  return { key: `registration:${issue.message}`, values: {} };
}

/**
 * Epoch ms of a DD/MM/YYYY date "adjusted for timezone" (spec 01 §7, `check-cf`): midnight UTC of that calendar
 * day, so the server reads the same day wherever the browser is. Null when it is not such a date.
 */
export function birthDateEpochMs(text: string): number | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  return d.getUTCDate() === day && d.getUTCMonth() === month - 1 ? ms : null;
}
