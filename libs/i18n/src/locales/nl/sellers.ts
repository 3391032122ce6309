/** The sellers back-office (issue 23 item 3): seller-management, seller-list, create-seller, seller, the seller selector. */
export const sellers = {
  fields: {
    market: "Markt",
    name: "Voornaam",
    surname: "Achternaam",
    email: "E-mail",
    phone: "Telefoon",
    areas: "Gedekte gebieden",
    carSold: "Grootte van de dealer (verkochte auto’s per jaar)",
    dealersCount: "Gevolgde dealers",
  },
  management: {
    title: "Verkopersbeheer",
  },
  list: {
    title: "Verkopers",
    search: "Voornaam, achternaam of e-mail",
    searchButton: "Zoeken",
    empty: "Geen verkoper.",
    loading: "Laden…",
    failed: "De verkopers konden niet worden geladen.",
  },
  create: {
    title: "Nieuwe verkoper",
    done: "Verkoper {{name}} aangemaakt.",
  },
  edit: {
    title: "Verkoper",
    done: "Verkoper {{name}} opgeslagen.",
    delete: "Verkoper verwijderen",
    confirmDelete: "De verkoper {{name}} verwijderen?",
    missing: "Deze verkoper bestaat niet.",
  },
  form: {
    save: "Opslaan",
    invalid: "Controleer dit veld.",
    noCodes: "Geen codes voor deze markt.",
    taken: "gedekt door een andere verkoper",
  },
  config: {
    title: "Instellingen van de markt",
    assignBy: "Dealers krijgen hun verkoper",
    showToDealers: "Dealers zien hun verkoper",
    saved: "Instellingen opgeslagen.",
    assign: {
      MANUAL: "Met de hand",
      AREA: "Per gebied",
      CAR_SOLD: "Per grootte van de dealer",
    },
  },
  selector: {
    title: "Kies een verkoper",
    none: "Geen verkoper",
    close: "Sluiten",
  },
  dealer: {
    title: "Vaste verkoper",
    none: "Geen verkoper",
    change: "Verkoper wijzigen",
    done: "Vaste verkoper: {{name}}.",
  },
};
