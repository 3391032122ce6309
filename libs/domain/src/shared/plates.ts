/**
 * The form in which two licence plates are compared: "AB 123 CD", "ab-123-cd", "AB123CD" with a zero-width space and
 * full-width "ＡＢ123CD" are one plate. Letters and digits only (compatibility-normalised, NFKC), upper case: spaces,
 * dashes, dots and invisible characters are how a plate is written, not part of it.
 */
export function plateKey(plate: string): string {
  return plate.normalize('NFKC').toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** True when two of `plates` are one plate ({@link plateKey}). */
export function hasDuplicatePlate(plates: readonly string[]): boolean {
  return new Set(plates.map(plateKey)).size < plates.length;
}
