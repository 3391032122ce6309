import { z } from 'zod';
import { SellerCreate } from '@auction/contracts';

/**
 * The create-seller and seller (edit) form: the contract's `SellerCreate` (the server parses the same), its text fields
 * as typed; react-hook-form runs it through zodResolver, each issue's message being the field's error key.
 */
export const SellerFormSchema = SellerCreate.extend({ email: z.string().trim().max(100).email('email').or(z.literal('')), phone: z.string().trim().max(50).regex(/^[0-9 +()./-]*$/, 'phone') });
export type SellerFormInput = z.input<typeof SellerFormSchema>;
export type SellerFormOutput = z.output<typeof SellerFormSchema>;

/** The text fields of the form, in order. */
export const SELLER_TEXT_FIELDS = ['name', 'surname', 'email', 'phone'] as const;
export type SellerTextField = (typeof SELLER_TEXT_FIELDS)[number];

/** Toggles `code` in a list of codes (a checkbox of the areas or car-sold classes). */
export function toggleCode(codes: readonly string[], code: string, on: boolean): string[] {
  return on ? [...new Set([...codes, code])] : codes.filter((c) => c !== code);
}
