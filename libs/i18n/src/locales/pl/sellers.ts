/** The sellers back-office (issue 23 item 3): seller-management, seller-list, create-seller, seller, the seller selector. */
export const sellers = {
  fields: {
    market: "Rynek",
    name: "Imię",
    surname: "Nazwisko",
    email: "E-mail",
    phone: "Telefon",
    areas: "Obsługiwane obszary",
    carSold: "Wielkość dealera (auta sprzedane rocznie)",
    dealersCount: "Dealerzy",
  },
  management: {
    title: "Zarządzanie sprzedawcami",
  },
  list: {
    title: "Sprzedawcy",
    search: "Imię, nazwisko lub e-mail",
    searchButton: "Szukaj",
    empty: "Brak sprzedawców.",
    loading: "Ładowanie…",
    failed: "Nie udało się wczytać sprzedawców.",
  },
  create: {
    title: "Nowy sprzedawca",
    done: "Utworzono sprzedawcę {{name}}.",
  },
  edit: {
    title: "Sprzedawca",
    done: "Zapisano sprzedawcę {{name}}.",
    delete: "Usuń sprzedawcę",
    confirmDelete: "Usunąć sprzedawcę {{name}}?",
    missing: "Ten sprzedawca nie istnieje.",
  },
  form: {
    save: "Zapisz",
    invalid: "Sprawdź to pole.",
    noCodes: "Brak kodów dla tego rynku.",
    taken: "obsługiwany przez innego sprzedawcę",
  },
  config: {
    title: "Ustawienia rynku",
    assignBy: "Dealerzy otrzymują sprzedawcę",
    showToDealers: "Dealerzy widzą swojego sprzedawcę",
    saved: "Zapisano ustawienia.",
    assign: {
      MANUAL: "Ręcznie",
      AREA: "Według obszaru",
      CAR_SOLD: "Według wielkości dealera",
    },
  },
  selector: {
    title: "Wybierz sprzedawcę",
    none: "Brak sprzedawcy",
    close: "Zamknij",
  },
  dealer: {
    title: "Opiekun handlowy",
    none: "Brak sprzedawcy",
    change: "Zmień sprzedawcę",
    done: "Opiekun handlowy: {{name}}.",
  },
};
