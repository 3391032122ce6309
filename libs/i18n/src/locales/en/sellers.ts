/** The sellers back-office (issue 23 item 3): seller-management, seller-list, create-seller, seller, the seller selector. */
export const sellers = {
  fields: {
    market: "Market",
    name: "Name",
    surname: "Surname",
    email: "E-mail address",
    phone: "Phone",
    areas: "Areas covered",
    carSold: "Dealer size (cars sold a year)",
    dealersCount: "Dealers followed",
  },
  management: {
    title: "Seller management",
  },
  list: {
    title: "Sellers",
    search: "Name, surname or e-mail",
    searchButton: "Search",
    empty: "No seller.",
    loading: "Loading…",
    failed: "The sellers could not be loaded.",
  },
  create: {
    title: "New seller",
    done: "Seller {{name}} created.",
  },
  edit: {
    title: "Seller",
    done: "Seller {{name}} saved.",
    delete: "Delete seller",
    confirmDelete: "Delete the seller {{name}}?",
    missing: "This seller does not exist.",
  },
  form: {
    save: "Save",
    invalid: "Check this field.",
    noCodes: "No codes for this market.",
    taken: "covered by another seller",
  },
  config: {
    title: "Market settings",
    assignBy: "Dealers get their seller",
    showToDealers: "Dealers see their seller",
    saved: "Settings saved.",
    assign: {
      MANUAL: "By hand",
      AREA: "By area",
      CAR_SOLD: "By dealer size",
    },
  },
  selector: {
    title: "Choose a seller",
    none: "No seller",
    close: "Close",
  },
  dealer: {
    title: "Reference seller",
    none: "No seller",
    change: "Change seller",
    done: "Reference seller: {{name}}.",
  },
};
