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
    passwordSetup: "L'account non ha ancora una password: un'e-mail separata all'indirizzo dell'account contiene il link per sceglierne la password prima del primo accesso.",
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
  accountSetup: {
    subject: "Il tuo account su {{portal}}: scegli la password",
    approved: "La tua registrazione è stata approvata: l'account {{username}} su {{portal}} è abilitato.",
    created: "È stato aperto per te un account {{username}} su {{portal}}.",
    body: "Per accedere, scegli prima la password con il pulsante qui sotto; poi accedi con il nome utente {{username}} e quella password.",
    action: "Scegli la password",
    validity: "Il link funziona una sola volta e scade tra {{duration}}. Se è scaduto, il recupero password nella pagina di accesso te ne invia uno nuovo.",
  },
  emailChanged: {
    subject: "L'indirizzo e-mail del tuo account è stato modificato",
    body: "L'indirizzo e-mail dell'account {{username}} su {{portal}} è stato modificato il {{when}}. D'ora in poi le sue e-mail, compresi i link per la password, vanno al nuovo indirizzo, non a questo.",
    notYou: "Se non ti aspettavi questa modifica, contattaci subito.",
  },
  signUpExisting: {
    subject: "È stata inviata una registrazione con il tuo indirizzo e-mail",
    body: "Qualcuno ha inviato una registrazione dealer su {{portal}} con questo indirizzo e-mail, che appartiene già all'account {{username}}. Non è stato creato alcun nuovo account e il tuo account non è cambiato.",
    ifYou: "Se sei stato tu, accedi con il tuo account; se ne hai dimenticato la password, usa il pulsante qui sotto per sceglierne una nuova.",
    notYou: "Se non sei stato tu, non devi fare nulla.",
    action: "Recupera la password",
  },
};
