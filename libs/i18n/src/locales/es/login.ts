import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** Spanish: the login page. */
export const login: Translation<typeof en> = {
  title: 'Iniciar sesión',
  subtitle: 'Subastas profesionales de vehículos para concesionarios',
  username: 'Usuario',
  password: 'Contraseña',
  submit: 'Entrar',
  forgotPassword: '¿Has olvidado tu contraseña?',
  signUp: '¿Aún no estás registrado? Registra tu concesionario',
  wrongCredentials: 'Nombre de usuario o contraseña incorrectos.',
  tooMany: 'Demasiados intentos: espera un momento y vuelve a intentarlo.',
  accountDisabled: "Esta cuenta ha sido desactivada. Contacte con el centro de atención al cliente.",
  ssoTitle: 'Inicio de sesión único (SSO)',
  signOutTitle: 'Cerrando sesión',
  signOutText: 'Se está cerrando tu sesión en el portal.',
  signOutButton: 'Cerrar sesión',
  ssoFailed: 'No se ha podido completar el inicio de sesión. Inténtalo de nuevo.',
  expired: 'Esta página de inicio de sesión ha caducado: vuelve a empezar desde el portal.',
  backToPortal: 'Volver al portal',
  signedOut: 'Has cerrado la sesión.',
};
