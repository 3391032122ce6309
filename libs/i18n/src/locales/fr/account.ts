import type { Translation } from '../../translation.js';
import type { account as en } from '../en/account.js';

/** French: maintenance, accès refusé, consentements, mot de passe oublié et modification, connexion mobile. */
export const account: Translation<typeof en> = {
  maintenance: {
    title: 'Nous revenons très vite',
    text: 'Le portail est en maintenance ou n’est pas joignable pour le moment. Veuillez réessayer dans quelques minutes.',
    contact: 'Besoin d’aide ? Écrivez au service client :',
    retry: 'Réessayer',
  },
  forbidden: {
    title: 'Accès non autorisé',
    text: 'Votre compte n’est pas activé pour l’espace réservé. Le service client peut vous en indiquer la raison et l’activer.',
    contact: 'Écrivez au service client :',
  },
  privacy: {
    title: 'Confidentialité et consentements',
    intro: 'Avant de continuer, répondez aux trois consentements ci-dessous. Chaque réponse est obligatoire.',
    consent1: 'Le traitement de mes données personnelles pour fournir les services du portail, tel que décrit dans la politique de confidentialité.',
    consent2: 'Les conditions générales d’utilisation du portail et de ses enchères.',
    consent3: 'Le traitement de mes coordonnées pour recevoir des nouvelles sur les enchères et les offres.',
    agree: 'J’accepte',
    disagree: 'Je refuse',
    required: 'Veuillez répondre aux trois consentements.',
    allNeeded: 'L’espace réservé est accessible une fois les trois consentements donnés.',
    submit: 'Enregistrer et continuer',
  },
  recovery: {
    title: 'Mot de passe oublié',
    intro: 'Saisissez votre nom d’utilisateur ou l’adresse e-mail de votre compte : l’un des deux suffit.',
    username: 'Nom d’utilisateur',
    email: 'Adresse e-mail',
    or: 'ou',
    submit: 'Envoyer',
    sent: 'Si un compte correspond à votre saisie, nous avons envoyé un e-mail avec un lien pour choisir un nouveau mot de passe. Le lien n’est utilisable qu’une fois et expire bientôt.',
    linkTitle: 'Choisir un nouveau mot de passe',
    linkIntro: 'Choisissez un nouveau mot de passe pour {{username}}.',
    password: 'Nouveau mot de passe',
    confPassword: 'Confirmer le nouveau mot de passe',
    save: 'Enregistrer le nouveau mot de passe',
    done: 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter avec.',
    linkInvalid: 'Ce lien a expiré ou a déjà été utilisé. Demandez-en un nouveau.',
    askAgain: 'Demander un nouveau lien',
  },
  change: {
    currentPassword: "Mot de passe actuel",
    title: 'Modifier le mot de passe',
    password: 'Nouveau mot de passe',
    confPassword: 'Confirmer le nouveau mot de passe',
    submit: 'Modifier le mot de passe',
    done: 'Votre mot de passe a été modifié.',
  },
  passwordHint: 'Au moins {{minLength}} caractères avec au moins 3 parmi : minuscules, majuscules, chiffres, caractères spéciaux.',
  passwordHintMax: 'De {{minLength}} à {{maxLength}} caractères avec au moins 3 parmi : minuscules, majuscules, chiffres, caractères spéciaux.',
  mobile: {
    title: 'Connexion',
    intro: 'Connectez-vous avec le nom d’utilisateur et le mot de passe du portail.',
    username: 'Utilisateur',
    password: 'Votre mot de passe',
    submit: 'Se connecter',
    failed: 'Échec de la connexion : vérifiez l’utilisateur et le mot de passe.',
    signUp: 'Pas encore inscrit ? Inscrivez-vous',
    forgotPassword: 'Mot de passe oublié ?',
  },
  passwordForm: {
    error: {
      tooShort: 'Au moins {{minLength}} caractères.',
      tooLong: 'Au plus {{maxLength}} caractères.',
      weak: 'Utilisez au moins {{minClasses}} parmi : minuscules, majuscules, chiffres, caractères spéciaux.',
      mismatch: 'Les deux mots de passe ne sont pas identiques.',
    },
  },
  passwordRecoveryForm: { error: { usernameOrEmail: 'Saisissez votre nom d’utilisateur ou votre e-mail.' } },
  registrationForm: {
    error: {
      mandatory: 'Ce champ est obligatoire.',
      wrongFormat: 'Le format n’est pas valide.',
    },
  },
};
