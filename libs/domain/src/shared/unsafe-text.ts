/**
 * Characters no text a person types may hold (file names, web addresses, vehicle data): C0 controls and DEL (NUL truncates a name in
 * C APIs: `a.html\0.pdf`), C1 controls, the bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E,
 * U+2066-U+2069: a right-to-left override shows `invoice\u202Efdp.exe` as `invoiceexe.pdf` to the reviewer) and lone
 * surrogates (no UTF-8 form, so no stored name). None is ever typed by a person.
 */
const UNSAFE_CHARACTER = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|\p{Surrogate}/u;

/** True when `text` holds a control, bidirectional-control or lone-surrogate character (see {@link UNSAFE_CHARACTER}). */
export function hasUnsafeCharacter(text: string): boolean {
  return UNSAFE_CHARACTER.test(text);
}
