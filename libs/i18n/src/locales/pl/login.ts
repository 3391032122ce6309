import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** Polish: the login page. */
export const login: Translation<typeof en, 'few' | 'many'> = {
  title: 'Logowanie',
  subtitle: 'Profesjonalne aukcje pojazdów dla dealerów',
  username: 'Nazwa użytkownika',
  password: 'Hasło',
  submit: 'Zaloguj się',
};
