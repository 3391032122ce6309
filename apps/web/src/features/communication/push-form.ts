import { SendPushRequest } from '@auction/contracts';

/** The push form's fields as typed: ids one per line or separated by commas. */
export interface PushFormInput {
  title: string;
  body: string;
  type: string;
  target: 'users' | 'dealers' | 'market';
  ids: string;
  market: string;
}

export const EMPTY_PUSH_FORM: PushFormInput = { title: '', body: '', type: 'info', target: 'users', ids: '', market: '' };
export type PushField = 'title' | 'body' | 'type' | 'ids' | 'market';

/** The ids typed, one per line or comma-separated, blanks dropped. */
export const idsOf = (text: string): string[] => text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

/**
 * The request the form makes, checked with the contract's own schema (SendPushRequest): the request, or the fields in
 * error (the server checks the same and answers 400001 otherwise).
 */
export function pushRequestOf(form: PushFormInput): { request: SendPushRequest } | { errors: Set<PushField> } {
  const ids = idsOf(form.ids);
  const recipients = form.target === 'users' ? { idUsers: ids } : form.target === 'dealers' ? { idDealers: ids } : { market: form.market };
  const parsed = SendPushRequest.safeParse({ title: form.title, body: form.body, type: form.type, ...recipients });
  if (parsed.success) return { request: parsed.data };
  const errors = new Set<PushField>();
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key === 'idUsers' || key === 'idDealers') errors.add('ids');
    else if (key === 'title' || key === 'body' || key === 'type' || key === 'market') errors.add(key);
  }
  if (errors.size === 0) errors.add(form.target === 'market' ? 'market' : 'ids');
  return { errors };
}
