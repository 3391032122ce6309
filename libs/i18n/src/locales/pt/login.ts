import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** Portuguese (Portugal): the login page. */
export const login: Translation<typeof en> = {
  title: 'Iniciar sessão',
  subtitle: 'Leilões profissionais de veículos para comerciantes',
  username: 'Nome de utilizador',
  password: 'Palavra-passe',
  submit: 'Entrar',
  forgotPassword: 'Esqueceu-se da palavra-passe?',
  signUp: 'Ainda não está registado? Registe o seu stand',
  wrongCredentials: 'Nome de utilizador ou palavra-passe incorretos.',
  tooMany: 'Demasiadas tentativas: aguarde um momento e tente novamente.',
  accountDisabled: "Esta conta foi desativada. Contacte o centro de apoio ao cliente.",
  ssoTitle: 'Início de sessão único (SSO)',
  signOutTitle: 'A terminar sessão',
  signOutText: 'A sua sessão no portal está a ser terminada.',
  signOutButton: 'Terminar sessão',
  ssoFailed: 'Não foi possível concluir o início de sessão. Tente novamente.',
  expired: 'Esta página de início de sessão expirou: recomece a partir do portal.',
  backToPortal: 'Voltar ao portal',
  signedOut: 'Terminou a sessão.',
};
