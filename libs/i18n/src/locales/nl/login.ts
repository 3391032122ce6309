import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** Dutch (also served to Belgium): the login page. */
export const login: Translation<typeof en> = {
  title: 'Aanmelden',
  subtitle: 'Professionele voertuigveilingen voor autohandelaren',
  username: 'Gebruikersnaam',
  password: 'Wachtwoord',
  submit: 'Aanmelden',
  forgotPassword: 'Wachtwoord vergeten?',
  signUp: 'Nog niet geregistreerd? Registreer uw autobedrijf',
  wrongCredentials: 'Onjuiste gebruikersnaam of wachtwoord.',
  tooMany: 'Te veel pogingen: wacht even en probeer het opnieuw.',
  accountDisabled: "Dit account is uitgeschakeld. Neem contact op met het klantencentrum.",
  ssoTitle: 'Eenmalige aanmelding (SSO)',
  signOutTitle: 'Afmelden',
  signOutText: 'U wordt afgemeld bij het portaal.',
  signOutButton: 'Afmelden',
  ssoFailed: 'De aanmelding kon niet worden voltooid. Probeer het opnieuw.',
  expired: 'Deze aanmeldpagina is verlopen: begin opnieuw vanaf het portaal.',
  backToPortal: 'Terug naar het portaal',
  signedOut: 'U bent afgemeld.',
};
