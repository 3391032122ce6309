import type { Translation } from '@auction/i18n';
import type { MailTexts } from './en.js';

/** Mail texts in the language `fr` (keys and placeholders as English). */
export const fr: Translation<MailTexts> = {
  common: {
    greeting: 'Bonjour {{name}},',
    greetingNoName: 'Bonjour,',
    linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    signature: "L'équipe {{portal}}",
    footerAutomatic: 'Ceci est un message automatique de {{portal}}. Merci de ne pas y répondre.',
    footerSupport: 'Des questions ? Écrivez à {{email}}.',
  },
  registrationReceived: {
    subject: 'Nous avons bien reçu votre inscription',
    received: "Nous avons bien reçu l'inscription de {{businessName}} sur {{portal}}. Merci !",
    review: "Notre équipe va maintenant vérifier vos données et vos documents. D'ici là, votre compte reste désactivé ; nous vous écrirons dès qu'il sera activé.",
  },
  accountEnabled: {
    subject: 'Votre compte sur {{portal}} est activé',
    body: 'Le compte {{username}} a été activé : vous pouvez maintenant vous connecter et participer aux enchères et à la vitrine.',
    action: 'Se connecter',
    passwordSetup: "Le compte n'a pas encore de mot de passe : un e-mail séparé, envoyé à l'adresse du compte, contient le lien pour choisir son mot de passe avant la première connexion.",
  },
  passwordRecovery: {
    subject: 'Réinitialisez votre mot de passe',
    body: 'Une réinitialisation du mot de passe du compte {{username}} a été demandée. Utilisez le bouton ci-dessous pour choisir un nouveau mot de passe.',
    action: 'Choisir un nouveau mot de passe',
    validity: "Le lien ne fonctionne qu'une fois et expire dans {{duration}}.",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  invitation: {
    subject: '{{dealerName}} vous invite sur {{portal}}',
    body: "{{dealerName}} vous a invité à rejoindre {{portal}} en tant qu'utilisateur. Terminez votre inscription personnelle pour obtenir l'accès.",
    action: "S'inscrire",
    validity: "L'invitation expire dans {{duration}}.",
    ignore: "Si vous n'attendiez pas cette invitation, vous pouvez ignorer cet e-mail.",
  },
  passwordChanged: {
    subject: 'Votre mot de passe a été modifié',
    body: 'Le mot de passe du compte {{username}} a été modifié le {{when}}.',
    noAction: "Si c'était vous, vous n'avez rien d'autre à faire.",
    notYou: "Si ce n'était pas vous, réinitialisez immédiatement votre mot de passe et contactez-nous.",
    action: 'Réinitialiser le mot de passe',
  },
  accountSetup: {
    subject: "Votre compte sur {{portal}} : choisissez votre mot de passe",
    approved: "Votre inscription a été approuvée : le compte {{username}} sur {{portal}} est activé.",
    created: "Un compte {{username}} a été ouvert pour vous sur {{portal}}.",
    body: "Pour vous connecter, choisissez d'abord votre mot de passe avec le bouton ci-dessous ; connectez-vous ensuite avec le nom d'utilisateur {{username}} et ce mot de passe.",
    action: "Choisir votre mot de passe",
    validity: "Le lien fonctionne une fois et expire dans {{duration}}. S'il a expiré, la récupération du mot de passe de la page de connexion vous en envoie un nouveau.",
  },
  emailChanged: {
    subject: "L'adresse e-mail de votre compte a été modifiée",
    body: "L'adresse e-mail du compte {{username}} sur {{portal}} a été modifiée le {{when}}. Désormais, ses e-mails, liens de mot de passe compris, vont à la nouvelle adresse, et non à celle-ci.",
    notYou: "Si vous n'attendiez pas cette modification, contactez-nous immédiatement.",
  },
  signUpExisting: {
    subject: "Une inscription a été envoyée avec votre adresse e-mail",
    body: "Quelqu'un a envoyé une inscription de concessionnaire sur {{portal}} avec cette adresse e-mail, qui appartient déjà au compte {{username}}. Aucun nouveau compte n'a été créé et votre compte est inchangé.",
    ifYou: "Si c'était vous, connectez-vous avec votre compte ; si vous avez oublié son mot de passe, utilisez le bouton ci-dessous pour en choisir un nouveau.",
    notYou: "Si ce n'était pas vous, il n'y a rien à faire.",
    action: "Récupérer le mot de passe",
  },
};
