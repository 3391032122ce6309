import { electronicFormatIBAN, friendlyFormatIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';

/** Why {@link checkIban} refused a value. */
export type IbanFailure = 'empty' | 'format' | 'country' | 'checksum';

/** Outcome of {@link checkIban}: the IBAN in electronic form (what is stored) and printed form, or why it failed. */
export type IbanCheck =
  | { readonly valid: true; readonly iban: string; readonly friendly: string; readonly country: string }
  | { readonly valid: false; readonly reason: IbanFailure };

/**
 * Checks an IBAN for `PUT /secure/user/iban` and the profile form with `ibantools`: blanks and lower case tolerated
 * (people paste `it60 x054 ...`), then the country's BBAN length and format, the ISO 7064 mod-97 checksum and, where
 * the library knows one, the national bank-branch checksum. Never throws.
 */
export function checkIban(value: string): IbanCheck {
  if (typeof value !== 'string' || value.trim() === '') return { valid: false, reason: 'empty' };
  const iban = electronicFormatIBAN(value.toUpperCase());
  if (!iban) return { valid: false, reason: 'format' };
  const errors = validateIBAN(iban, { allowQRIBAN: true }).errorCodes;
  if (errors.length === 0) return { valid: true, iban, friendly: friendlyFormatIBAN(iban) ?? iban, country: iban.slice(0, 2) };
  if (errors.includes(ValidationErrorsIBAN.NoIBANCountry)) return { valid: false, reason: 'country' };
  if (errors.includes(ValidationErrorsIBAN.WrongIBANChecksum) || errors.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) {
    return { valid: false, reason: errors.some((e) => e === ValidationErrorsIBAN.WrongBBANLength || e === ValidationErrorsIBAN.WrongBBANFormat) ? 'format' : 'checksum' };
  }
  return { valid: false, reason: 'format' };
}
