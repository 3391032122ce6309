import { MAIL_LINK_PATHS, portalLink } from './links.js';
import type { RenderedMail } from './layout.js';
import { formatDuration, formatWhen, frame, required, type MailInputBase } from './templates.js';

/**
 * The first-password link of an account nobody asked a reset for (issue 21 item 16): `approved`, a registration the
 * back-office enabled; `created`, an account the back-office or an invitation opened. Same link as a recovery (`tag`,
 * `username`), valid `validForMinutes`.
 */
export interface AccountSetupInput extends MailInputBase {
  readonly reason: 'approved' | 'created';
  readonly username: string;
  readonly tag: string;
  readonly validForMinutes: number;
}

/** Notice to the OLD address that an account's e-mail changed (the new address is not named). */
export interface EmailChangedInput extends MailInputBase {
  readonly username: string;
  readonly changedAt: Date | string;
  /** IANA zone the time is shown in; UTC when unset. */
  readonly timeZone?: string;
}

/** To the owner of an address a dealer registration was sent with, which already has an account (no account is made). */
export interface SignUpExistingInput extends MailInputBase {
  readonly username: string;
}

/** The account is approved or opened: how to choose the password, then log in. No "ignore this": nobody asked. */
export function renderAccountSetup(input: AccountSetupInput): RenderedMail {
  const mail = frame(input);
  const t = mail.texts.accountSetup;
  const username = required('username', input.username);
  const action = { label: t.action, url: portalLink(input.site.baseUrl, MAIL_LINK_PATHS.passwordRecovery, { tag: required('tag', input.tag), username }) };
  const opening = input.reason === 'approved' ? t.approved : t.created;
  return mail.render(t.subject, [opening, t.body], action, [t.validity], { username, duration: formatDuration(input.validForMinutes, input.language) });
}

/** The account's e-mail address changed: when, and what to do if it was not expected. */
export function renderEmailChanged(input: EmailChangedInput): RenderedMail {
  const mail = frame(input);
  const t = mail.texts.emailChanged;
  return mail.render(t.subject, [t.body, t.notYou], undefined, [], {
    username: required('username', input.username), when: formatWhen(input.changedAt, input.timeZone ?? 'UTC'),
  });
}

/** A registration with an address that has an account: nothing was created; log in or recover the password. */
export function renderSignUpExisting(input: SignUpExistingInput): RenderedMail {
  const mail = frame(input);
  const t = mail.texts.signUpExisting;
  const action = { label: t.action, url: portalLink(input.site.baseUrl, MAIL_LINK_PATHS.passwordRecovery) };
  return mail.render(t.subject, [t.body, t.ifYou], action, [t.notYou], { username: required('username', input.username) });
}
