/**
 * A format a text value must have, with the parameters the message shows (`{{length}}`, `{{maxLength}}`, ...).
 * Pure data plus a predicate, so the form validators, the format helpers and the layout hints share them.
 */
export interface FieldFormat {
  readonly test: (value: string) => boolean;
  readonly params: Readonly<Record<string, string | number>>;
}

/** Exactly `n` digits. */
export const digits = (n: number): FieldFormat => ({ test: (v) => new RegExp(`^\\d{${n}}$`).test(v), params: { length: n, charset: 'digits' } });

/** Exactly `n` letters or digits. */
export const alphanumerics = (n: number): FieldFormat => ({ test: (v) => new RegExp(`^[A-Za-z0-9]{${n}}$`).test(v), params: { length: n, charset: 'alphanumeric' } });

/** 1 to `n` letters or digits. */
export const upToAlphanumerics = (n: number): FieldFormat => ({ test: (v) => new RegExp(`^[A-Za-z0-9]{1,${n}}$`).test(v), params: { maxLength: n, charset: 'alphanumeric' } });

/** Exactly `n` characters of any kind. */
export const exactLength = (n: number): FieldFormat => ({ test: (v) => [...v].length === n, params: { length: n } });

/** `min` to `max` characters of any kind. */
export const lengthBetween = (min: number, max: number): FieldFormat => ({
  test: (v) => [...v].length >= min && [...v].length <= max,
  params: { minLength: min, maxLength: max },
});

/** At most `n` characters of any kind. */
export const maxLength = (n: number): FieldFormat => ({ test: (v) => [...v].length <= n, params: { maxLength: n } });

/** A regular expression, with the example the hint shows. */
export const matching = (pattern: RegExp, example: string): FieldFormat => ({ test: (v) => pattern.test(v), params: { example } });
