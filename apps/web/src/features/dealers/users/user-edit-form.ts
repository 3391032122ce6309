import { AdminEditUserRequest, type AdminUserDetails } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { formatCalendarDate, parseDate } from '@auction/i18n';

/** The editable fields of the user card as the inputs hold them (strings; '' is "not set"). */
export interface UserDraft {
  readonly idMarket: Market;
  readonly preferredLanguage: string;
  readonly idDealer: string;
  readonly name: string;
  readonly surname: string;
  readonly email: string;
  readonly phone: string;
  readonly mobile: string;
  readonly fiscalCode: string;
  /** DD/MM/YYYY as the portal writes dates (a date input would show the browser's mm/dd/yyyy). */
  readonly birthDate: string;
  readonly readOnly: boolean;
  readonly adminEnabledMarket: readonly Market[];
}

/** The draft a user card opens with. */
export function draftOf(user: AdminUserDetails): UserDraft {
  const p = user.personal;
  return {
    idMarket: user.idMarket,
    preferredLanguage: user.preferredLanguage,
    idDealer: user.idDealer ?? '',
    name: p.name ?? '', surname: p.surname ?? '', email: p.email ?? '', phone: p.phone ?? '', mobile: p.mobile ?? '',
    fiscalCode: p.fiscalCode ?? '', birthDate: birthDateText(p.birthDate),
    readOnly: user.readOnly,
    adminEnabledMarket: [...user.adminEnabledMarket],
  };
}

/** `1985-12-10` → `10/12/1985`; anything else as it is. */
function birthDateText(iso: string | null): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? formatCalendarDate({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }) : iso ?? '';
}

/** A typed DD/MM/YYYY as the contract's YYYY-MM-DD; a text that is no real day stays as typed (the contract refuses it). */
function birthDateIso(text: string): string {
  const date = parseDate(text);
  if (!date) return text.trim();
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

type Body = { -readonly [K in keyof AdminEditUserRequest]?: unknown };

/**
 * The `PUT /admin/user` body of a draft: only the fields that differ from the user as loaded (so a save never sends
 * what it did not change, and the audit names only real changes); `adminFields` false leaves readOnly and
 * adminEnabledMarket out. Clearing an optional field sends null; clearing a name or the e-mail sends '' so the
 * contract refuses it. Null when nothing changed.
 */
export function editBody(user: AdminUserDetails, draft: UserDraft, adminFields: boolean): Body | null {
  const before = draftOf(user);
  const body: Body = { idUser: user.idUser };
  const text = (key: 'name' | 'surname' | 'email', value: string) => { if (value.trim() !== before[key]) body[key] = value.trim(); };
  const optional = (key: 'phone' | 'mobile' | 'fiscalCode' | 'birthDate' | 'idDealer', value: string) => {
    if (value.trim() !== before[key]) body[key] = value.trim() === '' ? null : value.trim();
  };
  if (draft.idMarket !== before.idMarket) body.idMarket = draft.idMarket;
  if (draft.preferredLanguage !== before.preferredLanguage) body.preferredLanguage = draft.preferredLanguage;
  optional('idDealer', draft.idDealer);
  text('name', draft.name);
  text('surname', draft.surname);
  text('email', draft.email);
  optional('phone', draft.phone);
  optional('mobile', draft.mobile);
  optional('fiscalCode', draft.fiscalCode);
  if (draft.birthDate.trim() !== before.birthDate) body.birthDate = draft.birthDate.trim() === '' ? null : birthDateIso(draft.birthDate);
  if (adminFields) {
    if (draft.readOnly !== before.readOnly) body.readOnly = draft.readOnly;
    const a = [...draft.adminEnabledMarket].sort().join();
    if (a !== [...before.adminEnabledMarket].sort().join()) body.adminEnabledMarket = [...draft.adminEnabledMarket];
  }
  return Object.keys(body).length > 1 ? body : null;
}

/** A draft's body checked by the contract: the body to send, or the refused fields (field name → first message). */
export type CheckedEdit = { readonly body: AdminEditUserRequest; readonly issues: null } | { readonly body: null; readonly issues: Record<string, string> };

/** Checks a body with the contract's rules (the server applies the same ones) before it is sent. */
export function checkEdit(body: Body): CheckedEdit {
  const parsed = AdminEditUserRequest.safeParse(body);
  if (parsed.success) return { body: parsed.data, issues: null };
  const issues: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !issues[field]) issues[field] = issue.message;
  }
  return { body: null, issues };
}
