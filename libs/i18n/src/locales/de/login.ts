import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** German: the login page. */
export const login: Translation<typeof en> = {
  title: 'Anmelden',
  subtitle: 'Professionelle Fahrzeugauktionen für Händler',
  username: 'Benutzername',
  password: 'Passwort',
  submit: 'Anmelden',
};
