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
};
