import type { Translation } from '@auction/i18n';
import type { MailTexts } from './en.js';

/** Mail texts in the language `it` (keys and placeholders as English). */
export const it: Translation<MailTexts> = {
  common: {
    greeting: 'Gentile {{name}},',
    greetingNoName: 'Gentile utente,',
    linkFallback: 'Se il pulsante non funziona, copia questo indirizzo nel browser:',
    signature: 'Il team di {{portal}}',
    footerAutomatic: 'Questo è un messaggio automatico di {{portal}}: ti preghiamo di non rispondere.',
    footerSupport: 'Domande? Scrivi a {{email}}.',
  },
  registrationReceived: {
    subject: 'Abbiamo ricevuto la tua registrazione',
    received: 'Abbiamo ricevuto la registrazione di {{businessName}} su {{portal}}. Grazie!',
    review: 'Il nostro staff verificherà ora i tuoi dati e i documenti. Fino ad allora il tuo account resta disattivato; ti scriveremo appena sarà abilitato.',
  },
  accountEnabled: {
    subject: 'Il tuo account su {{portal}} è abilitato',
    body: "L'account {{username}} è stato abilitato: ora puoi accedere e partecipare alle aste e alla vetrina.",
    action: 'Accedi',
  },
  passwordRecovery: {
    subject: 'Reimposta la tua password',
    body: "Ci è stato chiesto di reimpostare la password dell'account {{username}}. Usa il pulsante qui sotto per sceglierne una nuova.",
    action: 'Scegli una nuova password',
    validity: 'Il link si può usare una sola volta e scade tra {{duration}}.',
    ignore: 'Se non sei stato tu a chiederlo, ignora questa e-mail: la tua password resta invariata.',
  },
  invitation: {
    subject: '{{dealerName}} ti invita su {{portal}}',
    body: '{{dealerName}} ti ha invitato a entrare in {{portal}} come suo utente. Completa la tua registrazione personale per accedere.',
    action: 'Registrati',
    validity: "L'invito scade tra {{duration}}.",
    ignore: 'Se non aspettavi questo invito, puoi ignorare questa e-mail.',
  },
  passwordChanged: {
    subject: 'La tua password è stata modificata',
    body: "La password dell'account {{username}} è stata modificata il {{when}}.",
    noAction: 'Se sei stato tu, non devi fare altro.',
    notYou: 'Se non sei stato tu, reimposta subito la password e contattaci.',
    action: 'Reimposta la password',
  },
};
