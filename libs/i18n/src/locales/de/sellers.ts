/** The sellers back-office (issue 23 item 3): seller-management, seller-list, create-seller, seller, the seller selector. */
export const sellers = {
  fields: {
    market: "Markt",
    name: "Vorname",
    surname: "Nachname",
    email: "E-Mail",
    phone: "Telefon",
    areas: "Betreute Gebiete",
    carSold: "Händlergröße (verkaufte Autos pro Jahr)",
    dealersCount: "Händler",
  },
  management: {
    title: "Verkäuferverwaltung",
  },
  list: {
    title: "Verkäufer",
    search: "Vorname, Nachname oder E-Mail",
    searchButton: "Suchen",
    empty: "Kein Verkäufer.",
    loading: "Wird geladen…",
    failed: "Die Verkäufer konnten nicht geladen werden.",
  },
  create: {
    title: "Neuer Verkäufer",
    done: "Verkäufer {{name}} angelegt.",
  },
  edit: {
    title: "Verkäufer",
    done: "Verkäufer {{name}} gespeichert.",
    delete: "Verkäufer löschen",
    confirmDelete: "Den Verkäufer {{name}} löschen?",
    missing: "Diesen Verkäufer gibt es nicht.",
  },
  form: {
    save: "Speichern",
    invalid: "Bitte dieses Feld prüfen.",
    noCodes: "Keine Codes für diesen Markt.",
    taken: "von einem anderen Verkäufer betreut",
  },
  config: {
    title: "Einstellungen des Marktes",
    assignBy: "Händler erhalten ihren Verkäufer",
    showToDealers: "Händler sehen ihren Verkäufer",
    saved: "Einstellungen gespeichert.",
    assign: {
      MANUAL: "Von Hand",
      AREA: "Nach Gebiet",
      CAR_SOLD: "Nach Händlergröße",
    },
  },
  selector: {
    title: "Verkäufer wählen",
    none: "Kein Verkäufer",
    close: "Schließen",
  },
  dealer: {
    title: "Zuständiger Verkäufer",
    none: "Kein Verkäufer",
    change: "Verkäufer ändern",
    done: "Zuständiger Verkäufer: {{name}}.",
  },
};
