import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** Spanish: the login page. */
export const login: Translation<typeof en> = {
  title: 'Iniciar sesión',
  subtitle: 'Subastas profesionales de vehículos para concesionarios',
  username: 'Usuario',
  password: 'Contraseña',
  submit: 'Entrar',
};
