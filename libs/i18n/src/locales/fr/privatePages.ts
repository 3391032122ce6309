/** The remaining private pages (issue 23 item 8). */
export const privatePages = {
  menu: { label: "Aide et informations", support: "Assistance", booklet: "Guide", myLeasys: "My Leasys", contact: "Contact", privacy: "Confidentialité", cookie: "Cookies" },
  support: {
    title: "Assistance",
    text: "Une question sur une enchère, un achat ou votre compte ? Le service client répond les jours ouvrables.",
    mail: "Écrivez au service client :",
    booklet: "Lire le guide",
  },
  booklet: {
    title: "Guide",
    intro: "Le fonctionnement du portail, en bref.",
    auctionsTitle: "Enchères",
    auctionsText: "Acceptez le règlement d'une enchère, puis faites des offres sur ses lots jusqu'à sa clôture. L'offre valable la plus élevée l'emporte lorsque le commissaire-priseur adjuge le lot.",
    showcaseTitle: "Vitrine",
    showcaseText: "Placez des véhicules dans votre lot et achetez-les au prix fixe affiché.",
    purchasesTitle: "Achats",
    purchasesText: "La page de vos achats liste ce que vous avez acheté, l'état du paiement et vous permet d'évaluer le vendeur.",
  },
  myLeasys: {
    title: "My Leasys",
    text: "Les offres de location et vos contrats de location se trouvent sur le site Leasys.",
    link: "Ouvrir le site Leasys",
    newTab: "(s'ouvre dans un nouvel onglet)",
  },
  contact: {
    title: "Contact",
    text: "Le service client vous aide pour votre compte, les enchères et les achats.",
    mail: "E-mail :",
    partition: "Demander un changement de partition",
  },
  privacy: {
    title: "Confidentialité",
    text: "Comment nous traitons vos données et les conditions d'utilisation du portail.",
    openPrivacy: "Lire la politique de confidentialité",
    openTerms: "Lire les conditions générales",
    consents: "Revoir vos consentements",
  },
  cookie: {
    title: "Cookies",
    text: "Le portail n'utilise que des cookies techniques pour votre session et votre choix de langue.",
    notes: "Vos notes sur les cookies",
  },
  informative: {
    privacyTitle: "Politique de confidentialité",
    privacyText: "Le portail traite vos données personnelles (nom, coordonnées, données de votre entreprise et votre activité sur le portail) pour organiser les enchères et les ventes, gérer votre compte et respecter ses obligations légales. Les données sont conservées tant que votre compte existe et autant que la loi l'exige. Vous pouvez demander l'accès, la rectification ou l'effacement de vos données, ou vous opposer à leur traitement, en écrivant au service client.",
    termsTitle: "Conditions générales",
    termsText: "Le portail est réservé aux professionnels de l'automobile. Chaque offre engage votre entreprise. Un lot qui vous est adjugé doit être payé et retiré dans les délais indiqués dans le règlement de l'enchère. L'accès est personnel : ne partagez pas vos identifiants.",
    close: "Fermer",
  },
  partition: {
    title: "Changer de partition",
    message: "Pour déplacer votre entreprise vers une autre partition, envoyez une demande au service client. Il vous répondra par e-mail.",
    confirm: "Envoyer la demande",
    close: "Fermer",
    subject: "Demande de changement de partition",
    body: "Merci de déplacer mon entreprise vers une autre partition.",
  },
};
