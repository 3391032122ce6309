/** The sellers back-office (issue 23 item 3): seller-management, seller-list, create-seller, seller, the seller selector. */
export const sellers = {
  fields: {
    market: "Marché",
    name: "Prénom",
    surname: "Nom",
    email: "E-mail",
    phone: "Téléphone",
    areas: "Zones couvertes",
    carSold: "Taille du concessionnaire (voitures vendues par an)",
    dealersCount: "Concessionnaires",
  },
  management: {
    title: "Gestion des vendeurs",
  },
  list: {
    title: "Vendeurs",
    search: "Prénom, nom ou e-mail",
    searchButton: "Rechercher",
    empty: "Aucun vendeur.",
    loading: "Chargement…",
    failed: "Impossible de charger les vendeurs.",
  },
  create: {
    title: "Nouveau vendeur",
    done: "Vendeur {{name}} créé.",
  },
  edit: {
    title: "Vendeur",
    done: "Vendeur {{name}} enregistré.",
    delete: "Supprimer le vendeur",
    confirmDelete: "Supprimer le vendeur {{name}} ?",
    missing: "Ce vendeur n’existe pas.",
  },
  form: {
    save: "Enregistrer",
    invalid: "Vérifiez ce champ.",
    noCodes: "Aucun code pour ce marché.",
    taken: "couvert par un autre vendeur",
  },
  config: {
    title: "Réglages du marché",
    assignBy: "Les concessionnaires reçoivent leur vendeur",
    showToDealers: "Les concessionnaires voient leur vendeur",
    saved: "Réglages enregistrés.",
    assign: {
      MANUAL: "À la main",
      AREA: "Par zone",
      CAR_SOLD: "Par taille du concessionnaire",
    },
  },
  selector: {
    title: "Choisir un vendeur",
    none: "Aucun vendeur",
    close: "Fermer",
  },
  dealer: {
    title: "Vendeur de référence",
    none: "Aucun vendeur",
    change: "Changer de vendeur",
    done: "Vendeur de référence : {{name}}.",
  },
};
