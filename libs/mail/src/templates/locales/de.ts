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
    passwordSetup: "Das Konto hat noch kein Passwort: Eine separate E-Mail an die Adresse des Kontos enthält den Link, mit dem vor der ersten Anmeldung das Passwort gewählt wird.",
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
  accountSetup: {
    subject: "Ihr Konto bei {{portal}}: Wählen Sie Ihr Passwort",
    approved: "Ihre Registrierung wurde genehmigt: Das Konto {{username}} bei {{portal}} ist aktiviert.",
    created: "Für Sie wurde ein Konto {{username}} bei {{portal}} eröffnet.",
    body: "Um sich anzumelden, wählen Sie zuerst mit der Schaltfläche unten Ihr Passwort; melden Sie sich dann mit dem Benutzernamen {{username}} und diesem Passwort an.",
    action: "Passwort wählen",
    validity: "Der Link funktioniert einmal und läuft in {{duration}} ab. Ist er abgelaufen, sendet Ihnen die Passwort-Wiederherstellung auf der Anmeldeseite einen neuen.",
  },
  emailChanged: {
    subject: "Die E-Mail-Adresse Ihres Kontos wurde geändert",
    body: "Die E-Mail-Adresse des Kontos {{username}} bei {{portal}} wurde am {{when}} geändert. Ab jetzt gehen seine E-Mails, auch Passwort-Links, an die neue Adresse, nicht an diese.",
    notYou: "Wenn Sie diese Änderung nicht erwartet haben, kontaktieren Sie uns sofort.",
  },
  signUpExisting: {
    subject: "Mit Ihrer E-Mail-Adresse wurde eine Registrierung gesendet",
    body: "Jemand hat bei {{portal}} eine Händlerregistrierung mit dieser E-Mail-Adresse gesendet, die bereits zum Konto {{username}} gehört. Es wurde kein neues Konto angelegt, und Ihr Konto ist unverändert.",
    ifYou: "Wenn Sie es waren, melden Sie sich mit Ihrem Konto an; haben Sie das Passwort vergessen, wählen Sie mit der Schaltfläche unten ein neues.",
    notYou: "Wenn Sie es nicht waren, ist nichts zu tun.",
    action: "Passwort wiederherstellen",
  },
};
