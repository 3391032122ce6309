import { LANGUAGES, TRANSLATED_LANGUAGES, type Language } from '@auction/i18n';
import { describe, expect, it } from 'vitest';
import { MAIL_ERROR_CODES } from '../errors.js';
import { mailTextsFor } from './texts.js';
import type { RenderedMail } from './layout.js';
import {
  formatDuration,
  renderAccountEnabled,
  renderInvitation,
  renderPasswordChanged,
  renderPasswordRecovery,
  renderRegistrationReceived,
  type MailSite,
} from './templates.js';
import { renderAccountSetup, renderEmailChanged, renderSignUpExisting } from './account-templates.js';

const site: MailSite = { baseUrl: 'https://portal.example.com/', portalName: 'Vehicle Auctions', supportEmail: 'support@example.com' };
const HOSTILE = `<script>alert("x")</script> & 'Co'`;

/** Every template with sample input, by name. */
const TEMPLATES: Record<string, (language: Language) => RenderedMail> = {
  registrationReceived: (language) => renderRegistrationReceived({ language, site, recipientName: 'Mario Rossi', businessName: 'Rossi Auto S.r.l.' }),
  accountEnabled: (language) => renderAccountEnabled({ language, site, username: 'mario.rossi' }),
  passwordRecovery: (language) => renderPasswordRecovery({ language, site, username: 'mario.rossi', tag: 't-123', validForMinutes: 60 }),
  invitation: (language) => renderInvitation({ language, site, email: 'anna@example.com', tag: 't-9', dealerId: 'D42', dealerName: 'Rossi Auto', validForMinutes: 2880 }),
  passwordChanged: (language) => renderPasswordChanged({ language, site, username: 'mario.rossi', changedAt: '2026-03-01T10:15:00Z', timeZone: 'Europe/Rome' }),
  accountEnabledNoPassword: (language) => renderAccountEnabled({ language, site, username: 'mario.rossi', passwordSetup: true }),
  accountSetupApproved: (language) => renderAccountSetup({ language, site, reason: 'approved', username: 'mario.rossi', tag: 't-1', validForMinutes: 10080 }),
  accountSetupCreated: (language) => renderAccountSetup({ language, site, reason: 'created', username: 'mario.rossi', tag: 't-1', validForMinutes: 10080 }),
  emailChanged: (language) => renderEmailChanged({ language, site, username: 'mario.rossi', changedAt: '2026-03-01T10:15:00Z', timeZone: 'Europe/Rome' }),
  signUpExisting: (language) => renderSignUpExisting({ language, site, username: 'mario.rossi@example.com' }),
};

/** The lines of a text part after a blank line, i.e. the paragraphs' first lines and the link lines. */
const linesOf = (text: string) => text.split('\n');

/** The one link of the action: the line that is a URL under the portal, not the footer's portal address. */
function actionLink(mail: RenderedMail): URL {
  const line = linesOf(mail.text).find((l) => l.startsWith('https://portal.example.com/') && l !== 'https://portal.example.com/');
  if (!line) throw new Error(`no action link in:\n${mail.text}`);
  return new URL(line);
}

describe('mail templates', () => {
  for (const [name, render] of Object.entries(TEMPLATES)) {
    describe(name, () => {
      it('renders a subject, a text and an HTML part in all ten languages, every placeholder filled', () => {
        for (const language of LANGUAGES) {
          const mail = render(language);
          expect(mail.subject.trim().length, language).toBeGreaterThan(5);
          expect(mail.text.length, language).toBeGreaterThan(100);
          expect(mail.html, language).toContain('<html lang=');
          expect(`${mail.subject}${mail.text}${mail.html}`, language).not.toMatch(/\{\{|\}\}/);
        }
      });

      it('reads differently in each of the eight translated languages', () => {
        const subjects = new Set(TRANSLATED_LANGUAGES.map((l) => render(l).subject));
        const texts = new Set(TRANSLATED_LANGUAGES.map((l) => render(l).text));
        expect(subjects.size).toBe(TRANSLATED_LANGUAGES.length);
        expect(texts.size).toBe(TRANSLATED_LANGUAGES.length);
      });

      it('serves be with the Dutch and lu with the French texts, tagged with the regional locale', () => {
        expect(render('be').text).toBe(render('nl').text);
        expect(render('lu').text).toBe(render('fr').text);
        expect(render('be').html).toContain('<html lang="nl-BE">');
        expect(render('lu').html).toContain('<html lang="fr-LU">');
        expect(render('be').html.replace('lang="nl-BE"', 'lang="nl"')).toBe(render('nl').html);
      });

      it('ends with the footer: automatic-message line, support address and portal address', () => {
        const mail = render('de');
        const footer = mail.text.split('\n-- \n')[1];
        expect(footer).toContain('Dies ist eine automatische Nachricht von Vehicle Auctions.');
        expect(footer).toContain('support@example.com');
        expect(footer?.trim().split('\n').at(-1)).toBe('https://portal.example.com/');
        expect(mail.html).toContain('Fragen? Schreiben Sie an support@example.com.');
      });
    });
  }

  it('puts the action link alone on its line in the text part and, escaped, in the HTML href', () => {
    const mail = renderPasswordRecovery({ language: 'en', site, username: 'mario rossi&co', email: 'mario+1@example.com', tag: 'a/b?c=d&e', validForMinutes: 90 });
    const link = actionLink(mail);
    expect(link.pathname).toBe('/password-recovery');
    expect(Object.fromEntries(link.searchParams)).toEqual({ tag: 'a/b?c=d&e', username: 'mario rossi&co', email: 'mario+1@example.com' });
    expect(linesOf(mail.text)).toContain(link.href);
    expect(mail.html).toContain(`href="${link.href.replaceAll('&', '&amp;')}"`);
    expect(mail.text).toContain('expires in 90 minutes');
  });

  it('the first-password mail is no reset mail: approved or opened, how to choose the password, no "ignore this" (issue 21 item 16)', () => {
    for (const language of LANGUAGES) {
      const approved = TEMPLATES.accountSetupApproved!(language);
      const recovery = TEMPLATES.passwordRecovery!(language);
      expect(approved.subject, language).not.toBe(recovery.subject);
      const ignore = mailTextsFor(language).passwordRecovery.ignore;
      expect(approved.text, language).not.toContain(ignore);
      expect(approved.text, language).not.toBe(TEMPLATES.accountSetupCreated!(language).text);
      expect(approved.text, language).toContain(mailTextsFor(language).accountSetup.action);
    }
    const link = actionLink(renderAccountSetup({ language: 'en', site, reason: 'created', username: 'a b', tag: 't/1', validForMinutes: 60 }));
    expect([link.pathname, link.searchParams.get('tag'), link.searchParams.get('username')]).toEqual(['/password-recovery', 't/1', 'a b']);
    expect(TEMPLATES.accountEnabledNoPassword!('it').text).toContain(mailTextsFor('it').accountEnabled.passwordSetup);
    expect(TEMPLATES.accountEnabled!('it').text).not.toContain(mailTextsFor('it').accountEnabled.passwordSetup);
  });

  it('links the invitation to the sign-up page with email, tag and dealerId', () => {
    const link = actionLink(TEMPLATES.invitation!('it'));
    expect(link.pathname).toBe('/user-signup');
    expect(Object.fromEntries(link.searchParams)).toEqual({ email: 'anna@example.com', tag: 't-9', dealerId: 'D42' });
    expect(TEMPLATES.invitation!('it').text).toContain("L'invito scade tra 2 giorni.");
  });

  it('keeps the base URL path of a portal served under a prefix', () => {
    const mail = renderAccountEnabled({ language: 'fr', site: { ...site, baseUrl: 'https://example.com/auctions/' }, username: 'u1' });
    expect(mail.text.split('\n')).toContain('https://example.com/auctions/private');
  });

  it('escapes every interpolated value in the HTML part and keeps it verbatim in the text part', () => {
    const mail = renderRegistrationReceived({ language: 'en', site: { ...site, portalName: 'P&P <Portal>' }, recipientName: HOSTILE, businessName: HOSTILE });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
    expect(mail.html).toContain('P&amp;P &lt;Portal&gt;');
    expect(mail.text).toContain(`registration of ${HOSTILE} on P&P <Portal>`);
  });

  it('turns line breaks in a value into spaces, so no value adds lines to the subject or the text', () => {
    const mail = renderInvitation({ language: 'en', site, email: 'a@example.com', tag: 't', dealerId: 'D1', dealerName: 'Evil\r\nBcc: x@example.com', validForMinutes: 60 });
    expect(mail.subject).toBe('Evil Bcc: x@example.com invites you to Vehicle Auctions');
    expect(mail.text).not.toContain('\nBcc:');
  });

  it('greets by name when given, neutrally otherwise', () => {
    expect(renderAccountEnabled({ language: 'es', site, username: 'u', recipientName: 'Ana' }).text.startsWith('Hola, Ana:\n')).toBe(true);
    expect(renderAccountEnabled({ language: 'es', site, username: 'u' }).text.startsWith('Hola:\n')).toBe(true);
  });

  it('shows when the password changed on the given zone’s clock', () => {
    expect(TEMPLATES.passwordChanged!('it').text).toContain('modificata il 01/03/2026 11:15:00 (Europe/Rome).');
  });

  it('refuses bad input with errorCode 422701 instead of mailing something broken', () => {
    const bad: Array<() => unknown> = [
      () => renderAccountEnabled({ language: 'en', site: { ...site, baseUrl: 'javascript:alert(1)' }, username: 'u' }),
      () => renderAccountEnabled({ language: 'en', site: { ...site, baseUrl: 'https://x.example/?a=1' }, username: 'u' }),
      () => renderAccountEnabled({ language: 'en', site: { ...site, baseUrl: 'not a url' }, username: 'u' }),
      () => renderAccountEnabled({ language: 'xx' as Language, site, username: 'u' }),
      () => renderAccountEnabled({ language: 'en', site, username: '  ' }),
      () => renderAccountEnabled({ language: 'en', site: { ...site, supportEmail: 'nope' }, username: 'u' }),
      () => renderPasswordRecovery({ language: 'en', site, username: 'u', tag: 't', validForMinutes: 0 }),
      () => renderInvitation({ language: 'en', site, email: 'not-an-address', tag: 't', dealerId: 'D', dealerName: 'N', validForMinutes: 5 }),
      () => renderPasswordChanged({ language: 'en', site, username: 'u', changedAt: 'yesterday' }),
      () => renderPasswordChanged({ language: 'en', site, username: 'u', changedAt: new Date(), timeZone: 'Mars/Olympus' }),
    ];
    for (const call of bad) expect(call).toThrow(expect.objectContaining({ errorCode: MAIL_ERROR_CODES.INPUT_INVALID }));
  });

  it('words durations in the largest whole unit, declined by the language', () => {
    expect(formatDuration(120, 'en')).toBe('2 hours');
    expect(formatDuration(1, 'en')).toBe('1 minute');
    expect(formatDuration(120, 'pl')).toBe('2 godziny');
    expect(formatDuration(300, 'pl')).toBe('5 godzin');
    expect(formatDuration(1440, 'de')).toBe('1 Tag');
  });
});
