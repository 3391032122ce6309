import { checkVAT, italy } from 'jsvat-next';

/**
 * Italian VAT number (partita IVA): exactly 11 digits, as the form validator of spec 01 §5 says (no `IT` prefix,
 * no blanks), and the checksum of the Agenzia delle Entrate (the spec's "VAT checksum helper, rule not shown"),
 * computed by `jsvat-next`, which wants the country prefix.
 */
export function isValidItalianVat(value: string): boolean {
  if (typeof value !== 'string' || !/^\d{11}$/.test(value)) return false;
  return checkVAT(`IT${value}`, [italy]).isValid;
}
