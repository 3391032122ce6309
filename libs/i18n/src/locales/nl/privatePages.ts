/** The remaining private pages (issue 23 item 8). */
export const privatePages = {
  menu: { label: "Hulp en informatie", support: "Ondersteuning", booklet: "Handleiding", myLeasys: "My Leasys", contact: "Contact", privacy: "Privacy", cookie: "Cookies" },
  support: {
    title: "Ondersteuning",
    text: "Vragen over een veiling, een aankoop of uw account? De klantenservice antwoordt op werkdagen.",
    mail: "Schrijf naar de klantenservice:",
    booklet: "Lees de handleiding",
  },
  booklet: {
    title: "Handleiding",
    intro: "Hoe het portaal werkt, in het kort.",
    auctionsTitle: "Veilingen",
    auctionsText: "Aanvaard het reglement van een veiling en bied daarna op de kavels tot de veiling sluit. Het hoogste geldige bod wint wanneer de veilingmeester de kavel gunt.",
    showcaseTitle: "Etalage",
    showcaseText: "Zet voertuigen in uw kavel en koop ze tegen de getoonde vaste prijs.",
    purchasesTitle: "Aankopen",
    purchasesText: "Uw aankopenpagina toont wat u kocht en de betaalstatus, en laat u de verkoper beoordelen.",
  },
  myLeasys: {
    title: "My Leasys",
    text: "Leaseaanbiedingen en uw leasecontracten staan op de website van Leasys.",
    link: "Open de website van Leasys",
    newTab: "(opent in een nieuw tabblad)",
  },
  contact: {
    title: "Contact",
    text: "De klantenservice helpt u met uw account, veilingen en aankopen.",
    mail: "E-mail:",
    partition: "Vraag een andere partitie aan",
  },
  privacy: {
    title: "Privacy",
    text: "Hoe wij uw gegevens verwerken en onder welke voorwaarden u het portaal gebruikt.",
    openPrivacy: "Lees het privacybeleid",
    openTerms: "Lees de algemene voorwaarden",
    consents: "Bekijk uw toestemmingen",
  },
  cookie: {
    title: "Cookies",
    text: "Het portaal gebruikt alleen technische cookies voor uw sessie en uw taalkeuze.",
    notes: "Uw notities over cookies",
  },
  informative: {
    privacyTitle: "Privacybeleid",
    privacyText: "Het portaal verwerkt uw persoonsgegevens (naam, contactgegevens, gegevens van uw bedrijf en uw activiteit op het portaal) om veilingen en verkopen te houden, uw account te beheren en wettelijke plichten na te komen. De gegevens worden bewaard zolang uw account bestaat en zolang de wet dat vereist. U kunt vragen uw gegevens in te zien, te verbeteren of te wissen, of bezwaar maken tegen de verwerking, door naar de klantenservice te schrijven.",
    termsTitle: "Algemene voorwaarden",
    termsText: "Het portaal is voorbehouden aan professionele handelaren. Elk bod dat u doet, bindt uw bedrijf. Een aan u gegunde kavel moet worden betaald en opgehaald binnen de termijnen van het veilingreglement. De toegang is persoonlijk: deel uw inloggegevens niet.",
    close: "Sluiten",
  },
  partition: {
    title: "Partitie wijzigen",
    message: "Om uw bedrijf naar een andere partitie te verplaatsen, stuurt u een verzoek naar de klantenservice. U krijgt antwoord per e-mail.",
    confirm: "Verzoek versturen",
    close: "Sluiten",
    subject: "Verzoek om een andere partitie",
    body: "Graag mijn bedrijf naar een andere partitie verplaatsen.",
  },
};
