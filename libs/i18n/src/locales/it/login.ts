import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** Italian: the login page. */
export const login: Translation<typeof en> = {
  title: 'Accedi',
  subtitle: 'Aste professionali di veicoli per concessionari',
  username: 'Nome utente',
  password: 'Password',
  submit: 'Accedi',
};
