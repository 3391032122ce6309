import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** Dutch (also served to Belgium): the login page. */
export const login: Translation<typeof en> = {
  title: 'Aanmelden',
  subtitle: 'Professionele voertuigveilingen voor autohandelaren',
  username: 'Gebruikersnaam',
  password: 'Wachtwoord',
  submit: 'Aanmelden',
};
