/** The remaining private pages (issue 23 item 8). */
export const privatePages = {
  menu: { label: "Aiuto e informazioni", support: "Assistenza", booklet: "Guida", myLeasys: "My Leasys", contact: "Contatti", privacy: "Privacy", cookie: "Cookie" },
  support: {
    title: "Assistenza",
    text: "Domande su un'asta, un acquisto o il tuo account? Il servizio clienti risponde nei giorni lavorativi.",
    mail: "Scrivi al servizio clienti:",
    booklet: "Leggi la guida",
  },
  booklet: {
    title: "Guida",
    intro: "Come funziona il portale, in breve.",
    auctionsTitle: "Aste",
    auctionsText: "Accetta il regolamento di un'asta, poi fai offerte sui suoi lotti fino alla chiusura. Vince l'offerta valida più alta quando il banditore aggiudica il lotto.",
    showcaseTitle: "Vetrina",
    showcaseText: "Metti i veicoli nel tuo lotto e acquistali al prezzo fisso indicato.",
    purchasesTitle: "Acquisti",
    purchasesText: "La pagina dei tuoi acquisti elenca ciò che hai comprato, lo stato del pagamento e ti permette di valutare il venditore.",
  },
  myLeasys: {
    title: "My Leasys",
    text: "Le offerte di noleggio e i tuoi contratti di noleggio sono sul sito Leasys.",
    link: "Apri il sito Leasys",
    newTab: "(si apre in una nuova scheda)",
  },
  contact: {
    title: "Contatti",
    text: "Il servizio clienti ti aiuta con il tuo account, le aste e gli acquisti.",
    mail: "E-mail:",
    partition: "Chiedi di cambiare partizione",
  },
  privacy: {
    title: "Privacy",
    text: "Come trattiamo i tuoi dati e le condizioni alle quali usi il portale.",
    openPrivacy: "Leggi l'informativa sulla privacy",
    openTerms: "Leggi i termini e le condizioni",
    consents: "Rivedi i tuoi consensi",
  },
  cookie: {
    title: "Cookie",
    text: "Il portale usa solo cookie tecnici per la tua sessione e la scelta della lingua.",
    notes: "Le tue note sui cookie",
  },
  informative: {
    privacyTitle: "Informativa sulla privacy",
    privacyText: "Il portale tratta i tuoi dati personali (nome, recapiti, dati della tua azienda e la tua attività sul portale) per svolgere aste e vendite, gestire il tuo account e adempiere agli obblighi di legge. I dati sono conservati finché esiste il tuo account e per quanto richiesto dalla legge. Puoi chiedere di vedere, correggere o cancellare i tuoi dati, o opporti al loro trattamento, scrivendo al servizio clienti.",
    termsTitle: "Termini e condizioni",
    termsText: "Il portale è riservato ai commercianti professionali. Ogni offerta che fai impegna la tua azienda. Un lotto aggiudicato a te deve essere pagato e ritirato nei termini indicati nel regolamento dell'asta. L'accesso è personale: non condividere le tue credenziali.",
    close: "Chiudi",
  },
  partition: {
    title: "Cambio partizione",
    message: "Per spostare la tua azienda in un'altra partizione, invia una richiesta al servizio clienti. Ti risponderà via e-mail.",
    confirm: "Invia richiesta",
    close: "Chiudi",
    subject: "Richiesta di cambio partizione",
    body: "Vi chiedo di spostare la mia azienda in un'altra partizione.",
  },
};
