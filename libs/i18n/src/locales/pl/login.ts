import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** Polish: the login page. */
export const login: Translation<typeof en, 'few' | 'many'> = {
  title: 'Logowanie',
  subtitle: 'Profesjonalne aukcje pojazdów dla dealerów',
  username: 'Nazwa użytkownika',
  password: 'Hasło',
  submit: 'Zaloguj się',
  forgotPassword: 'Nie pamiętasz hasła?',
  signUp: 'Nie masz jeszcze konta? Zarejestruj swój salon',
  wrongCredentials: 'Nieprawidłowa nazwa użytkownika lub hasło.',
  tooMany: 'Zbyt wiele prób: odczekaj chwilę i spróbuj ponownie.',
  accountDisabled: "To konto zostało wyłączone. Skontaktuj się z centrum obsługi klienta.",
  ssoTitle: 'Logowanie jednokrotne (SSO)',
  signOutTitle: 'Wylogowywanie',
  signOutText: 'Trwa wylogowywanie z portalu.',
  signOutButton: 'Wyloguj się',
  ssoFailed: 'Nie udało się dokończyć logowania. Spróbuj ponownie.',
  expired: 'Ta strona logowania wygasła: zacznij ponownie od portalu.',
  backToPortal: 'Powrót do portalu',
  signedOut: 'Wylogowano.',
};
