import type { Translation } from '../../translation.js';
import type { login as en } from '../en/login.js';

/** French: the login page. */
export const login: Translation<typeof en> = {
  title: 'Connexion',
  subtitle: 'Ventes aux enchères de véhicules pour les professionnels de l’automobile',
  username: 'Nom d’utilisateur',
  password: 'Mot de passe',
  submit: 'Se connecter',
  forgotPassword: 'Mot de passe oublié ?',
  signUp: 'Pas encore inscrit ? Inscrivez votre concession',
  wrongCredentials: 'Nom d’utilisateur ou mot de passe incorrect.',
  tooMany: 'Trop de tentatives : patientez un instant puis réessayez.',
  accountDisabled: "Ce compte a été désactivé. Contactez le service client.",
  ssoTitle: 'Authentification unique (SSO)',
  signOutTitle: 'Déconnexion',
  signOutText: 'Vous êtes en cours de déconnexion du portail.',
  signOutButton: 'Se déconnecter',
  ssoFailed: 'La connexion n’a pas pu aboutir. Veuillez réessayer.',
  expired: 'Cette page de connexion a expiré : recommencez depuis le portail.',
  backToPortal: 'Retour au portail',
  signedOut: 'Vous êtes déconnecté.',
};
