import { AdminDealerEdit, type AdminDealerDetail } from '@auction/contracts';

/** The business fields the dealer page edits, in form order. */
export const EDIT_FIELDS = ['businessName', 'vatCode', 'address', 'city', 'postalCode', 'email', 'phone', 'mobile', 'website'] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export type EditValues = Record<EditField, string>;

/** The form's starting values: the dealer's data ('' where it has none). */
export function editValuesOf(dealer: AdminDealerDetail): EditValues {
  return Object.fromEntries(EDIT_FIELDS.map((f) => [f, dealer[f] ?? ''])) as EditValues;
}

/**
 * The `PUT /admin/dealer` body: only the fields that changed (trimmed; an optional field emptied is sent as null),
 * checked with the shared contract; `issues` names the fields it refuses.
 */
export function editBody(idDealer: string, before: EditValues, after: EditValues):
  { readonly body: AdminDealerEdit | null; readonly issues: EditField[]; readonly changed: number } {
  const body: Record<string, string | null> = { idDealer };
  let changed = 0;
  for (const f of EDIT_FIELDS) {
    const value = after[f].trim();
    if (value === before[f].trim()) continue;
    changed++;
    body[f] = value === '' && ['phone', 'mobile', 'website'].includes(f) ? null : value;
  }
  const parsed = AdminDealerEdit.safeParse(body);
  if (parsed.success) return { body: parsed.data, issues: [], changed };
  return { body: null, issues: [...new Set(parsed.error.issues.map((i) => i.path[0] as EditField))], changed };
}
