import { AdminDealerCreate } from '@auction/contracts';

/** The create-auctioneer form's fields, in order (the `POST /admin/dealer` body; phone optional, region as the country's rules say). */
export const AUCTIONEER_FIELDS = [
  'businessName', 'vatCode', 'country', 'region', 'address', 'city', 'postalCode', 'email', 'phone', 'referenceName', 'referenceSurname', 'referenceEmail',
] as const;
export type AuctioneerField = (typeof AUCTIONEER_FIELDS)[number];
export type AuctioneerValues = Record<AuctioneerField, string> & { readonly multiAuctioneer: boolean };

export const EMPTY_AUCTIONEER: AuctioneerValues = {
  ...(Object.fromEntries(AUCTIONEER_FIELDS.map((f) => [f, ''])) as Record<AuctioneerField, string>),
  country: 'IT', multiAuctioneer: false,
};

/**
 * The `POST /admin/dealer` body of a new auctioneer checked with the shared contract (the server parses the same),
 * or the fields it refuses. The auctioneer (and multi-auctioneer) capability is switched on right after creation.
 */
export function auctioneerBody(values: AuctioneerValues): { readonly body: AdminDealerCreate | null; readonly issues: AuctioneerField[] } {
  const draft: Record<string, string | null> = {};
  for (const f of AUCTIONEER_FIELDS) {
    const value = values[f].trim();
    draft[f] = (f === 'phone' || f === 'region') && value === '' ? null : value;
  }
  const parsed = AdminDealerCreate.safeParse(draft);
  if (parsed.success) return { body: parsed.data, issues: [] };
  return { body: null, issues: [...new Set(parsed.error.issues.map((i) => i.path[0] as AuctioneerField))] };
}
