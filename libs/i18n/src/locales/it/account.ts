import type { Translation } from '../../translation.js';
import type { account as en } from '../en/account.js';

/** Schermate di accesso: manutenzione, accesso negato, consensi privacy, recupero e cambio password, login mobile. */
export const account: Translation<typeof en> = {
  maintenance: {
    title: 'Torniamo subito',
    text: 'Il portale è in manutenzione o al momento non è raggiungibile. Riprova tra qualche minuto.',
    contact: 'Serve aiuto? Scrivi al Servizio Clienti:',
    retry: 'Riprova',
  },
  forbidden: {
    title: 'Accesso non consentito',
    text: 'Il tuo account non è abilitato all’area riservata. Il Servizio Clienti può spiegarti il motivo e abilitarlo.',
    contact: 'Scrivi al Servizio Clienti:',
  },
  privacy: {
    title: 'Privacy e consensi',
    intro: 'Prima di continuare, rispondi ai tre consensi qui sotto. Ogni risposta è obbligatoria.',
    consent1: 'Trattamento dei miei dati personali per l’erogazione dei servizi del portale, come descritto nell’informativa privacy.',
    consent2: 'Le condizioni generali di utilizzo del portale e delle sue aste.',
    consent3: 'Trattamento dei miei dati di contatto per ricevere novità su aste e offerte.',
    agree: 'Acconsento',
    disagree: 'Non acconsento',
    required: 'Rispondi a tutti e tre i consensi.',
    allNeeded: 'L’area riservata è disponibile dopo aver dato tutti e tre i consensi.',
    submit: 'Salva e continua',
  },
  recovery: {
    title: 'Recupero password',
    intro: 'Inserisci il tuo username o l’indirizzo e-mail del tuo account: ne basta uno.',
    username: 'Nome utente',
    email: 'Indirizzo e-mail',
    or: 'oppure',
    submit: 'Invia',
    sent: 'Se un account corrisponde ai dati inseriti, ti abbiamo inviato un’e-mail con un link per scegliere una nuova password. Il link si può usare una sola volta e scade a breve.',
    linkTitle: 'Scegli una nuova password',
    linkIntro: 'Scegli una nuova password per {{username}}.',
    password: 'Nuova password',
    confPassword: 'Conferma la nuova password',
    save: 'Salva la nuova password',
    done: 'La password è stata cambiata. Ora puoi accedere con la nuova password.',
    linkInvalid: 'Questo link è scaduto o è già stato usato. Richiedine uno nuovo.',
    askAgain: 'Richiedi un nuovo link',
  },
  change: {
    currentPassword: "Password attuale",
    title: 'Cambia password',
    password: 'Nuova password',
    confPassword: 'Conferma la nuova password',
    submit: 'Cambia password',
    done: 'La password è stata cambiata.',
  },
  passwordHint: 'Almeno {{minLength}} caratteri con almeno 3 tra: lettere minuscole, lettere maiuscole, cifre, caratteri speciali.',
  passwordHintMax: 'Da {{minLength}} a {{maxLength}} caratteri con almeno 3 tra: lettere minuscole, lettere maiuscole, cifre, caratteri speciali.',
  mobile: {
    title: 'Accedi',
    intro: 'Accedi con username e password del portale.',
    username: 'Utente',
    password: 'La tua password',
    submit: 'Accedi',
    failed: 'Accesso non riuscito: controlla utente e password.',
    signUp: 'Non sei ancora registrato? Registrati',
    forgotPassword: 'Password dimenticata?',
  },
  passwordForm: {
    error: {
      tooShort: 'Almeno {{minLength}} caratteri.',
      tooLong: 'Al massimo {{maxLength}} caratteri.',
      weak: 'Usa almeno {{minClasses}} tra: lettere minuscole, lettere maiuscole, cifre, caratteri speciali.',
      mismatch: 'Le due password non coincidono.',
    },
  },
  passwordRecoveryForm: { error: { usernameOrEmail: 'Inserisci il tuo username o la tua e-mail.' } },
  registrationForm: {
    error: {
      mandatory: 'Campo obbligatorio.',
      wrongFormat: 'Il formato non è valido.',
    },
  },
};
