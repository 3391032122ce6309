/** The sellers back-office (issue 23 item 3): seller-management, seller-list, create-seller, seller, the seller selector. */
export const sellers = {
  fields: {
    market: "Mercato",
    name: "Nome",
    surname: "Cognome",
    email: "E-mail",
    phone: "Telefono",
    areas: "Zone coperte",
    carSold: "Dimensione del dealer (auto vendute l’anno)",
    dealersCount: "Dealer",
  },
  management: {
    title: "Gestione venditori",
  },
  list: {
    title: "Venditori",
    search: "Nome, cognome o e-mail",
    searchButton: "Cerca",
    empty: "Nessun venditore.",
    loading: "Caricamento…",
    failed: "Impossibile caricare i venditori.",
  },
  create: {
    title: "Nuovo venditore",
    done: "Venditore {{name}} creato.",
  },
  edit: {
    title: "Venditore",
    done: "Venditore {{name}} salvato.",
    delete: "Elimina venditore",
    confirmDelete: "Eliminare il venditore {{name}}?",
    missing: "Questo venditore non esiste.",
  },
  form: {
    save: "Salva",
    invalid: "Controlla questo campo.",
    noCodes: "Nessun codice per questo mercato.",
    taken: "coperto da un altro venditore",
  },
  config: {
    title: "Impostazioni del mercato",
    assignBy: "I dealer ricevono il venditore",
    showToDealers: "I dealer vedono il loro venditore",
    saved: "Impostazioni salvate.",
    assign: {
      MANUAL: "A mano",
      AREA: "Per zona",
      CAR_SOLD: "Per dimensione del dealer",
    },
  },
  selector: {
    title: "Scegli un venditore",
    none: "Nessun venditore",
    close: "Chiudi",
  },
  dealer: {
    title: "Venditore di riferimento",
    none: "Nessun venditore",
    change: "Cambia venditore",
    done: "Venditore di riferimento: {{name}}.",
  },
};
