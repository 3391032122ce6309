import type { Translation } from '@auction/i18n';
import type { MailTexts } from './en.js';

/** European Portuguese (the PT market). */
export const pt: Translation<MailTexts> = {
  common: {
    greeting: 'Olá {{name}},',
    greetingNoName: 'Olá,',
    linkFallback: 'Se o botão não funcionar, copie este endereço para o seu navegador:',
    signature: 'A equipa {{portal}}',
    footerAutomatic: 'Esta é uma mensagem automática de {{portal}}. Por favor, não responda.',
    footerSupport: 'Dúvidas? Escreva para {{email}}.',
  },
  registrationReceived: {
    subject: 'Recebemos o seu registo',
    received: 'Recebemos o registo de {{businessName}} em {{portal}}. Obrigado!',
    review: 'A nossa equipa vai agora verificar os seus dados e documentos. Até lá, a sua conta fica desativada; escrever-lhe-emos assim que for ativada.',
  },
  accountEnabled: {
    subject: 'A sua conta em {{portal}} está ativada',
    body: 'A conta {{username}} foi ativada: já pode iniciar sessão e participar nos leilões e na montra.',
    action: 'Iniciar sessão',
    passwordSetup: "A conta ainda não tem palavra-passe: um e-mail separado para o endereço da conta traz a ligação para escolher a palavra-passe antes do primeiro acesso.",
  },
  passwordRecovery: {
    subject: 'Redefina a sua palavra-passe',
    body: 'Foi pedida a redefinição da palavra-passe da conta {{username}}. Use o botão abaixo para escolher uma nova palavra-passe.',
    action: 'Escolher nova palavra-passe',
    validity: 'A ligação só pode ser usada uma vez e expira em {{duration}}.',
    ignore: 'Se não foi você que pediu, ignore este e-mail: a sua palavra-passe mantém-se.',
  },
  invitation: {
    subject: '{{dealerName}} convida-o para {{portal}}',
    body: '{{dealerName}} convidou-o a aderir a {{portal}} como utilizador. Conclua o seu registo pessoal para obter acesso.',
    action: 'Registar-se',
    validity: 'O convite expira em {{duration}}.',
    ignore: 'Se não esperava este convite, pode ignorar este e-mail.',
  },
  passwordChanged: {
    subject: 'A sua palavra-passe foi alterada',
    body: 'A palavra-passe da conta {{username}} foi alterada em {{when}}.',
    noAction: 'Se foi você, não precisa de fazer mais nada.',
    notYou: 'Se não foi você, redefina imediatamente a sua palavra-passe e contacte-nos.',
    action: 'Redefinir a palavra-passe',
  },
  accountSetup: {
    subject: "A sua conta em {{portal}}: escolha a sua palavra-passe",
    approved: "O seu registo foi aprovado: a conta {{username}} em {{portal}} está ativada.",
    created: "Foi aberta para si uma conta {{username}} em {{portal}}.",
    body: "Para entrar, escolha primeiro a sua palavra-passe com o botão abaixo; depois entre com o nome de utilizador {{username}} e essa palavra-passe.",
    action: "Escolher a palavra-passe",
    validity: "A ligação funciona uma vez e expira em {{duration}}. Se expirou, a recuperação da palavra-passe na página de acesso envia-lhe uma nova.",
  },
  emailChanged: {
    subject: "O endereço de e-mail da sua conta foi alterado",
    body: "O endereço de e-mail da conta {{username}} em {{portal}} foi alterado em {{when}}. A partir de agora os seus e-mails, incluindo as ligações de palavra-passe, vão para o novo endereço e não para este.",
    notYou: "Se não esperava esta alteração, contacte-nos de imediato.",
  },
  signUpExisting: {
    subject: "Foi enviado um registo com o seu endereço de e-mail",
    body: "Alguém enviou um registo de concessionário em {{portal}} com este endereço de e-mail, que já pertence à conta {{username}}. Não foi criada nenhuma conta nova e a sua conta não mudou.",
    ifYou: "Se foi você, entre com a sua conta; se esqueceu a palavra-passe, use o botão abaixo para escolher uma nova.",
    notYou: "Se não foi você, não há nada a fazer.",
    action: "Recuperar a palavra-passe",
  },
};
