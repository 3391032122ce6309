import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** Portuguese (Portugal): the login page. */
export const login: Translation<typeof en> = {
  title: 'Iniciar sessão',
  subtitle: 'Leilões profissionais de veículos para comerciantes',
  username: 'Nome de utilizador',
  password: 'Palavra-passe',
  submit: 'Entrar',
};
