import type { Translation } from '@auction/i18n';
import type { MailTexts } from './en.js';

/** Mail texts in the language `de` (keys and placeholders as English). */
export const de: Translation<MailTexts> = {
  common: {
    greeting: 'Hallo {{name}},',
    greetingNoName: 'Hallo,',
    linkFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    signature: 'Ihr {{portal}}-Team',
    footerAutomatic: 'Dies ist eine automatische Nachricht von {{portal}}. Bitte antworten Sie nicht darauf.',
    footerSupport: 'Fragen? Schreiben Sie an {{email}}.',
  },
  registrationReceived: {
    subject: 'Wir haben Ihre Registrierung erhalten',
    received: 'Wir haben die Registrierung von {{businessName}} bei {{portal}} erhalten. Vielen Dank!',
    review: 'Unser Team prüft jetzt Ihre Angaben und Dokumente. Bis dahin bleibt Ihr Konto gesperrt; wir schreiben Ihnen, sobald es freigeschaltet ist.',
  },
  accountEnabled: {
    subject: 'Ihr Konto bei {{portal}} ist freigeschaltet',
    body: 'Das Konto {{username}} wurde freigeschaltet: Sie können sich jetzt anmelden und an den Auktionen und am Schaufenster teilnehmen.',
    action: 'Anmelden',
  },
  passwordRecovery: {
    subject: 'Setzen Sie Ihr Passwort zurück',
    body: 'Es wurde angefordert, das Passwort des Kontos {{username}} zurückzusetzen. Mit der Schaltfläche unten wählen Sie ein neues Passwort.',
    action: 'Neues Passwort wählen',
    validity: 'Der Link funktioniert einmal und läuft in {{duration}} ab.',
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  invitation: {
    subject: '{{dealerName}} lädt Sie zu {{portal}} ein',
    body: '{{dealerName}} hat Sie eingeladen, {{portal}} als Benutzer beizutreten. Schließen Sie Ihre persönliche Registrierung ab, um Zugang zu erhalten.',
    action: 'Registrieren',
    validity: 'Die Einladung läuft in {{duration}} ab.',
    ignore: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
  },
  passwordChanged: {
    subject: 'Ihr Passwort wurde geändert',
    body: 'Das Passwort des Kontos {{username}} wurde am {{when}} geändert.',
    noAction: 'Wenn Sie das waren, ist nichts weiter zu tun.',
    notYou: 'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.',
    action: 'Passwort zurücksetzen',
  },
};
