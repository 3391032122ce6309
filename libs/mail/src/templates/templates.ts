import { formatDateTimeIn, type Language } from '@auction/i18n';
import { MailError } from '../errors.js';
import { isEmailAddress } from '../smtp-config.js';
import { renderLayout, type MailAction, type RenderedMail } from './layout.js';
import { MAIL_LINK_PATHS, parseBaseUrl, portalLink } from './links.js';
import { fillText, type TextValues } from './text.js';
import { localeOf, mailTextsFor } from './texts.js';

/** Who sends: the portal as the mails name and link it. */
export interface MailSite {
  /** The portal's public address (`https://portal.example.com/`); every link is built under its path. */
  readonly baseUrl: string | URL;
  /** The portal's name in the header, the signature and the footer. */
  readonly portalName: string;
  /** Where readers may write with questions (footer); no line when unset. */
  readonly supportEmail?: string;
}

/** What every template needs. */
export interface MailInputBase {
  /** The recipient's language (a user's preferred language; OTHER is stored as `en`). */
  readonly language: Language;
  readonly site: MailSite;
  /** For the greeting; a neutral greeting when unset. */
  readonly recipientName?: string;
}

/** Confirmation to a dealer whose registration arrived (it waits, disabled, for an administrator). */
export interface RegistrationReceivedInput extends MailInputBase {
  readonly businessName: string;
}

/** Notice that an administrator enabled the account. */
export interface AccountEnabledInput extends MailInputBase {
  readonly username: string;
  /** The account has no password yet: say that a separate mail to the account brings the link to choose it. */
  readonly passwordSetup?: boolean;
}

/** The single-use, expiring password-recovery link (`tag`, `username`, optionally `email`). */
export interface PasswordRecoveryInput extends MailInputBase {
  readonly username: string;
  readonly tag: string;
  readonly email?: string;
  readonly validForMinutes: number;
}

/** A dealer's invitation to a personal sign-up (`email`, `tag`, `dealerId` in the link). */
export interface InvitationInput extends MailInputBase {
  readonly email: string;
  readonly tag: string;
  readonly dealerId: string;
  readonly dealerName: string;
  readonly validForMinutes: number;
}

/** Notice that the password changed, with a way back if it was not the owner. */
export interface PasswordChangedInput extends MailInputBase {
  readonly username: string;
  readonly changedAt: Date | string;
  /** IANA zone the time is shown in (`timeZoneOfMarket` of `@auction/i18n`); UTC when unset. */
  readonly timeZone?: string;
}

/** Dealer registration received: thanks, and what happens next. No link: there is nothing to do yet. */
export function renderRegistrationReceived(input: RegistrationReceivedInput): RenderedMail {
  const mail = frame(input);
  const t = mail.texts.registrationReceived;
  return mail.render(t.subject, [t.received, t.review], undefined, [], { businessName: required('businessName', input.businessName) });
}

/** Account enabled: a button to the private area (which leads through single sign-on). */
export function renderAccountEnabled(input: AccountEnabledInput): RenderedMail {
  const mail = frame(input);
  const t = mail.texts.accountEnabled;
  const action = { label: t.action, url: portalLink(input.site.baseUrl, MAIL_LINK_PATHS.login) };
  return mail.render(t.subject, input.passwordSetup ? [t.body, t.passwordSetup] : [t.body], action, [], { username: required('username', input.username) });
}

/** Password recovery: the link to the recovery page with `tag` and `username` (and `email` when given). */
export function renderPasswordRecovery(input: PasswordRecoveryInput): RenderedMail {
  const mail = frame(input);
  const t = mail.texts.passwordRecovery;
  const username = required('username', input.username);
  const params: Record<string, string> = { tag: required('tag', input.tag), username };
  if (input.email !== undefined) params.email = requiredEmail('email', input.email);
  const action = { label: t.action, url: portalLink(input.site.baseUrl, MAIL_LINK_PATHS.passwordRecovery, params) };
  return mail.render(t.subject, [t.body], action, [t.validity, t.ignore], { username, duration: formatDuration(input.validForMinutes, input.language) });
}

/** Invitation: the link to the personal sign-up with `email`, `tag` and `dealerId`. */
export function renderInvitation(input: InvitationInput): RenderedMail {
  const mail = frame(input);
  const t = mail.texts.invitation;
  const params = { email: requiredEmail('email', input.email), tag: required('tag', input.tag), dealerId: required('dealerId', input.dealerId) };
  const action = { label: t.action, url: portalLink(input.site.baseUrl, MAIL_LINK_PATHS.userSignUp, params) };
  return mail.render(t.subject, [t.body], action, [t.validity, t.ignore], {
    dealerName: required('dealerName', input.dealerName),
    duration: formatDuration(input.validForMinutes, input.language),
  });
}

/** Password changed: when (on the market's clock), and a link to reset it if it was not the owner. */
export function renderPasswordChanged(input: PasswordChangedInput): RenderedMail {
  const mail = frame(input);
  const t = mail.texts.passwordChanged;
  const action = { label: t.action, url: portalLink(input.site.baseUrl, MAIL_LINK_PATHS.passwordRecovery) };
  return mail.render(t.subject, [t.body, t.noAction, t.notYou], action, [], {
    username: required('username', input.username),
    when: formatWhen(input.changedAt, input.timeZone ?? 'UTC'),
  });
}

/** The texts of the language and a renderer that adds the greeting, signature and footer every mail shares. */
export function frame(input: MailInputBase) {
  const texts = mailTextsFor(input.language);
  const portal = required('site.portalName', input.site.portalName);
  const portalUrl = parseBaseUrl(input.site.baseUrl).href;
  const footer = [fillText(texts.common.footerAutomatic, { portal })];
  if (input.site.supportEmail !== undefined) footer.push(fillText(texts.common.footerSupport, { email: requiredEmail('site.supportEmail', input.site.supportEmail) }));
  const name = input.recipientName?.trim();
  const greeting = name ? fillText(texts.common.greeting, { name }) : texts.common.greetingNoName;
  return {
    texts,
    render(subject: string, before: readonly string[], action: MailAction | undefined, after: readonly string[], values: TextValues): RenderedMail {
      const all = { ...values, portal };
      const fill = (text: string) => fillText(text, all);
      return renderLayout({
        lang: localeOf(input.language),
        portalName: portal,
        portalUrl,
        subject: fill(subject),
        greeting,
        before: before.map(fill),
        ...(action ? { action } : {}),
        linkFallback: texts.common.linkFallback,
        after: after.map(fill),
        signature: fill(texts.common.signature),
        footer,
      });
    },
  };
}

/** The trimmed value; a `MailError` when blank. */
export function required(field: string, value: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new MailError('INPUT_INVALID', `${field} is required`);
  return value.trim();
}

/** The trimmed value, an e-mail address; a `MailError` otherwise. */
export function requiredEmail(field: string, value: string): string {
  const address = required(field, value);
  if (!isEmailAddress(address)) throw new MailError('INPUT_INVALID', `${field} is not an e-mail address`);
  return address;
}

/** "2 hours", "30 minuti", "1 dzień": the largest whole unit, worded and declined by `Intl.NumberFormat`. */
export function formatDuration(minutes: number, language: Language): string {
  if (!Number.isInteger(minutes) || minutes <= 0) throw new MailError('INPUT_INVALID', 'validForMinutes must be a whole number above 0');
  const [value, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(localeOf(language), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** DD/MM/YYYY HH:mm:ss on the zone's wall clock (the spec's date format), the zone named after it. */
export function formatWhen(instant: Date | string, timeZone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) throw new MailError('INPUT_INVALID', 'changedAt is not a date');
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch (cause) {
    throw new MailError('INPUT_INVALID', `unknown time zone ${JSON.stringify(timeZone)}`, { cause });
  }
  return `${formatDateTimeIn(date, timeZone)} (${timeZone})`;
}
