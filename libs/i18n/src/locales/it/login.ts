import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** Italian: the login page. */
export const login: Translation<typeof en> = {
  title: 'Accedi',
  subtitle: 'Aste professionali di veicoli per concessionari',
  username: 'Nome utente',
  password: 'Password',
  submit: 'Accedi',
  forgotPassword: 'Password dimenticata?',
  signUp: 'Non sei ancora registrato? Registra la tua concessionaria',
  wrongCredentials: 'Nome utente o password errati.',
  tooMany: 'Troppi tentativi: attendi qualche istante e riprova.',
  accountDisabled: "Questo account è stato disattivato. Rivolgiti al customer centre.",
  ssoTitle: 'Accesso unico (SSO)',
  signOutTitle: 'Disconnessione',
  signOutText: 'Stai per essere disconnesso dal portale.',
  signOutButton: 'Esci',
  ssoFailed: "Non è stato possibile completare l'accesso. Riprova.",
  expired: 'Questa pagina di accesso è scaduta: ricomincia dal portale.',
  backToPortal: 'Torna al portale',
  signedOut: 'Sei uscito dal portale.',
};
