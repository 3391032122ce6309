import type { Translation } from '../../translation.js';
import type { account as en } from '../en/account.js';

/** Portuguese (Portugal): manutenção, acesso negado, consentimentos, recuperação e alteração da palavra-passe, acesso móvel. */
export const account: Translation<typeof en> = {
  maintenance: {
    title: 'Voltamos já',
    text: 'O portal está em manutenção ou não está acessível neste momento. Tente novamente dentro de alguns minutos.',
    contact: 'Precisa de ajuda? Escreva ao apoio ao cliente:',
    retry: 'Tentar novamente',
  },
  forbidden: {
    title: 'Acesso não permitido',
    text: 'A sua conta não está ativada para a área reservada. O apoio ao cliente pode indicar-lhe o motivo e ativá-la.',
    contact: 'Escreva ao apoio ao cliente:',
  },
  privacy: {
    title: 'Privacidade e consentimentos',
    intro: 'Antes de continuar, responda aos três consentimentos abaixo. Cada resposta é obrigatória.',
    consent1: 'O tratamento dos meus dados pessoais para a prestação dos serviços do portal, conforme descrito na política de privacidade.',
    consent2: 'As condições gerais de utilização do portal e dos seus leilões.',
    consent3: 'O tratamento dos meus dados de contacto para receber novidades sobre leilões e ofertas.',
    agree: 'Aceito',
    disagree: 'Não aceito',
    required: 'Responda aos três consentimentos.',
    allNeeded: 'A área reservada fica disponível depois de dados os três consentimentos.',
    submit: 'Guardar e continuar',
  },
  recovery: {
    title: 'Recuperar a palavra-passe',
    intro: 'Introduza o seu nome de utilizador ou o e-mail da sua conta: basta um deles.',
    username: 'Nome de utilizador',
    email: 'Endereço de e-mail',
    or: 'ou',
    submit: 'Enviar',
    sent: 'Se existir uma conta correspondente aos dados introduzidos, enviámos um e-mail com uma ligação para escolher uma nova palavra-passe. A ligação só pode ser usada uma vez e expira em breve.',
    linkTitle: 'Escolher uma nova palavra-passe',
    linkIntro: 'Escolha uma nova palavra-passe para {{username}}.',
    password: 'Nova palavra-passe',
    confPassword: 'Confirme a nova palavra-passe',
    save: 'Guardar a nova palavra-passe',
    done: 'A sua palavra-passe foi alterada. Já pode iniciar sessão com ela.',
    linkInvalid: 'Esta ligação expirou ou já foi utilizada. Peça uma nova.',
    askAgain: 'Pedir uma nova ligação',
  },
  change: {
    currentPassword: "Palavra-passe atual",
    title: 'Alterar a palavra-passe',
    password: 'Nova palavra-passe',
    confPassword: 'Confirme a nova palavra-passe',
    submit: 'Alterar a palavra-passe',
    done: 'A sua palavra-passe foi alterada.',
  },
  passwordHint: 'Pelo menos {{minLength}} caracteres com pelo menos 3 de: minúsculas, maiúsculas, algarismos, caracteres especiais.',
  passwordHintMax: 'De {{minLength}} a {{maxLength}} caracteres com pelo menos 3 de: minúsculas, maiúsculas, algarismos, caracteres especiais.',
  mobile: {
    title: 'Iniciar sessão',
    intro: 'Inicie sessão com o nome de utilizador e a palavra-passe do portal.',
    username: 'Utilizador',
    password: 'A sua palavra-passe',
    submit: 'Iniciar sessão',
    failed: 'Não foi possível iniciar sessão: verifique o utilizador e a palavra-passe.',
    signUp: 'Ainda não está registado? Registe-se',
    forgotPassword: 'Esqueceu-se da palavra-passe?',
  },
  passwordForm: {
    error: {
      tooShort: 'Pelo menos {{minLength}} caracteres.',
      tooLong: 'No máximo {{maxLength}} caracteres.',
      weak: 'Use pelo menos {{minClasses}} de: minúsculas, maiúsculas, algarismos, caracteres especiais.',
      mismatch: 'As duas palavras-passe não são iguais.',
    },
  },
  passwordRecoveryForm: { error: { usernameOrEmail: 'Introduza o seu nome de utilizador ou o seu e-mail.' } },
  registrationForm: {
    error: {
      mandatory: 'Este campo é obrigatório.',
      wrongFormat: 'O formato não é válido.',
    },
  },
};
