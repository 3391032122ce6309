import type { Translation } from '../../translation.js';
import type { account as en } from '../en/account.js';

/** German: Wartung, Zugriff verweigert, Datenschutz-Einwilligungen, Passwort vergessen und ändern, mobile Anmeldung. */
export const account: Translation<typeof en> = {
  maintenance: {
    title: 'Wir sind gleich wieder da',
    text: 'Das Portal wird gerade gewartet oder ist im Moment nicht erreichbar. Bitte versuchen Sie es in ein paar Minuten erneut.',
    contact: 'Brauchen Sie Hilfe? Schreiben Sie an den Kundenservice:',
    retry: 'Erneut versuchen',
  },
  forbidden: {
    title: 'Zugriff nicht erlaubt',
    text: 'Ihr Konto ist für den geschützten Bereich nicht freigeschaltet. Der Kundenservice nennt Ihnen den Grund und schaltet es frei.',
    contact: 'Schreiben Sie an den Kundenservice:',
  },
  privacy: {
    title: 'Datenschutz und Einwilligungen',
    intro: 'Bevor Sie fortfahren, beantworten Sie bitte die drei Einwilligungen unten. Jede Antwort ist erforderlich.',
    consent1: 'Verarbeitung meiner personenbezogenen Daten zur Erbringung der Dienste des Portals, wie in der Datenschutzerklärung beschrieben.',
    consent2: 'Die Allgemeinen Nutzungsbedingungen des Portals und seiner Auktionen.',
    consent3: 'Verarbeitung meiner Kontaktdaten, um Neuigkeiten zu Auktionen und Angeboten zu erhalten.',
    agree: 'Ich stimme zu',
    disagree: 'Ich stimme nicht zu',
    required: 'Bitte beantworten Sie alle drei Einwilligungen.',
    allNeeded: 'Der geschützte Bereich steht zur Verfügung, sobald alle drei Einwilligungen erteilt sind.',
    submit: 'Speichern und fortfahren',
  },
  recovery: {
    title: 'Passwort vergessen',
    intro: 'Geben Sie Ihren Benutzernamen oder die E-Mail-Adresse Ihres Kontos ein: eines von beiden genügt.',
    username: 'Benutzername',
    email: 'E-Mail-Adresse',
    or: 'oder',
    submit: 'Senden',
    sent: 'Falls ein Konto zu Ihren Angaben passt, haben wir eine E-Mail mit einem Link zum Festlegen eines neuen Passworts gesendet. Der Link ist nur einmal verwendbar und läuft bald ab.',
    linkTitle: 'Neues Passwort festlegen',
    linkIntro: 'Legen Sie ein neues Passwort für {{username}} fest.',
    password: 'Neues Passwort',
    confPassword: 'Neues Passwort bestätigen',
    save: 'Neues Passwort speichern',
    done: 'Ihr Passwort wurde geändert. Sie können sich jetzt damit anmelden.',
    linkInvalid: 'Dieser Link ist abgelaufen oder wurde bereits verwendet. Fordern Sie einen neuen an.',
    askAgain: 'Neuen Link anfordern',
  },
  change: {
    currentPassword: "Aktuelles Passwort",
    title: 'Passwort ändern',
    password: 'Neues Passwort',
    confPassword: 'Neues Passwort bestätigen',
    submit: 'Passwort ändern',
    done: 'Ihr Passwort wurde geändert.',
  },
  passwordHint: 'Mindestens {{minLength}} Zeichen mit mindestens 3 von: Kleinbuchstaben, Großbuchstaben, Ziffern, Sonderzeichen.',
  passwordHintMax: '{{minLength}} bis {{maxLength}} Zeichen mit mindestens 3 von: Kleinbuchstaben, Großbuchstaben, Ziffern, Sonderzeichen.',
  mobile: {
    title: 'Anmelden',
    intro: 'Melden Sie sich mit Benutzername und Passwort des Portals an.',
    username: 'Benutzer',
    password: 'Ihr Passwort',
    submit: 'Anmelden',
    failed: 'Anmeldung fehlgeschlagen: Prüfen Sie Benutzer und Passwort.',
    signUp: 'Noch nicht registriert? Jetzt registrieren',
    forgotPassword: 'Passwort vergessen?',
  },
  passwordForm: {
    error: {
      tooShort: 'Mindestens {{minLength}} Zeichen.',
      tooLong: 'Höchstens {{maxLength}} Zeichen.',
      weak: 'Verwenden Sie mindestens {{minClasses}} von: Kleinbuchstaben, Großbuchstaben, Ziffern, Sonderzeichen.',
      mismatch: 'Die beiden Passwörter stimmen nicht überein.',
    },
  },
  passwordRecoveryForm: { error: { usernameOrEmail: 'Geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein.' } },
  registrationForm: {
    error: {
      mandatory: 'Pflichtfeld.',
      wrongFormat: 'Das Format ist ungültig.',
    },
  },
};
