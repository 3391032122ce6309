import type { UserEvent } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import type { LoginRow } from '../rows.js';
import { domainEventOf, iso } from './event-data.js';

/** The logins-report row of a `UserLoggedIn`, at the event's global position (insert-only: a row once written stays). Pure. */
export function projectLogin(row: LoginRow | undefined, event: StoredEvent): LoginRow | undefined {
  const e = domainEventOf<UserEvent>(event);
  if (e.type !== 'UserLoggedIn' || row) return row;
  const d = e.data;
  return {
    sid: String(d.sid), idUser: String(d.idUser), loginType: String(d.loginType), idDealer: d.idDealer ?? null,
    idMarket: String(d.idMarket ?? 'OTHER'), at: iso(d.at), position: event.position,
  };
}
