import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** German: the login page. */
export const login: Translation<typeof en> = {
  title: 'Anmelden',
  subtitle: 'Professionelle Fahrzeugauktionen für Händler',
  username: 'Benutzername',
  password: 'Passwort',
  submit: 'Anmelden',
  forgotPassword: 'Passwort vergessen?',
  signUp: 'Noch nicht registriert? Registrieren Sie Ihr Autohaus',
  wrongCredentials: 'Falscher Benutzername oder falsches Passwort.',
  tooMany: 'Zu viele Versuche: Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  accountDisabled: "Dieses Konto wurde deaktiviert. Wenden Sie sich an das Kundencenter.",
  ssoTitle: 'Einmalanmeldung (SSO)',
  signOutTitle: 'Abmeldung',
  signOutText: 'Sie werden vom Portal abgemeldet.',
  signOutButton: 'Abmelden',
  ssoFailed: 'Die Anmeldung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.',
  expired: 'Diese Anmeldeseite ist abgelaufen: Beginnen Sie erneut im Portal.',
  backToPortal: 'Zurück zum Portal',
  signedOut: 'Sie sind abgemeldet.',
};
