import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** French: the login page. */
export const login: Translation<typeof en> = {
  title: 'Connexion',
  subtitle: 'Ventes aux enchères de véhicules pour les professionnels de l’automobile',
  username: 'Nom d’utilisateur',
  password: 'Mot de passe',
  submit: 'Se connecter',
};
