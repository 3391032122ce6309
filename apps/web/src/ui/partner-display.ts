/**
 * How a partner is shown, on the dealer's home and on the public portal alike (the portal's bundle imports this too:
 * nothing here may pull in more than these few lines).
 */

/** A partner's rating as whole stars, 0 to 5 (spec 01 §9: no half stars; the average has one decimal: 4.5 shows 5, 4.4 shows 4). */
export function wholeStars(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(5, Math.max(0, Math.round(rating)));
}

/** A partner's logo, served to anyone by `GET /open/image?path=partner-logo/<id>` (the template's stored image). */
export function partnerLogoUrl(idImage: string): string {
  return `/api/v1/open/image?path=${encodeURIComponent(`partner-logo/${idImage}`)}`;
}
