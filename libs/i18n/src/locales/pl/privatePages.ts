/** The remaining private pages (issue 23 item 8). */
export const privatePages = {
  menu: { label: "Pomoc i informacje", support: "Wsparcie", booklet: "Przewodnik", myLeasys: "My Leasys", contact: "Kontakt", privacy: "Prywatność", cookie: "Pliki cookie" },
  support: {
    title: "Wsparcie",
    text: "Pytania o aukcję, zakup lub konto? Obsługa klienta odpowiada w dni robocze.",
    mail: "Napisz do obsługi klienta:",
    booklet: "Przeczytaj przewodnik",
  },
  booklet: {
    title: "Przewodnik",
    intro: "Jak działa portal, w skrócie.",
    auctionsTitle: "Aukcje",
    auctionsText: "Zaakceptuj regulamin aukcji, a potem składaj oferty na jej loty do jej zakończenia. Wygrywa najwyższa ważna oferta, gdy prowadzący aukcję przyzna lot.",
    showcaseTitle: "Witryna",
    showcaseText: "Dodaj pojazdy do swojego lotu i kup je po podanej stałej cenie.",
    purchasesTitle: "Zakupy",
    purchasesText: "Strona zakupów pokazuje, co kupiłeś, stan płatności i pozwala ocenić sprzedawcę.",
  },
  myLeasys: {
    title: "My Leasys",
    text: "Oferty leasingu i Twoje umowy leasingowe są na stronie Leasys.",
    link: "Otwórz stronę Leasys",
    newTab: "(otwiera się w nowej karcie)",
  },
  contact: {
    title: "Kontakt",
    text: "Obsługa klienta pomaga w sprawach konta, aukcji i zakupów.",
    mail: "E-mail:",
    partition: "Poproś o zmianę partycji",
  },
  privacy: {
    title: "Prywatność",
    text: "Jak przetwarzamy Twoje dane i na jakich warunkach korzystasz z portalu.",
    openPrivacy: "Przeczytaj politykę prywatności",
    openTerms: "Przeczytaj regulamin",
    consents: "Sprawdź swoje zgody",
  },
  cookie: {
    title: "Pliki cookie",
    text: "Portal używa wyłącznie technicznych plików cookie dla Twojej sesji i wyboru języka.",
    notes: "Twoje uwagi o plikach cookie",
  },
  informative: {
    privacyTitle: "Polityka prywatności",
    privacyText: "Portal przetwarza Twoje dane osobowe (imię i nazwisko, dane kontaktowe, dane firmy i Twoją aktywność w portalu), aby prowadzić aukcje i sprzedaż, zarządzać Twoim kontem i wypełniać obowiązki prawne. Dane są przechowywane, dopóki istnieje Twoje konto, i tak długo, jak wymaga tego prawo. Możesz zażądać wglądu, poprawienia lub usunięcia danych albo sprzeciwić się ich przetwarzaniu, pisząc do obsługi klienta.",
    termsTitle: "Regulamin",
    termsText: "Portal jest przeznaczony dla profesjonalnych dealerów. Każda złożona oferta wiąże Twoją firmę. Przyznany Ci lot należy opłacić i odebrać w terminach podanych w regulaminie aukcji. Dostęp jest osobisty: nie udostępniaj swoich danych logowania.",
    close: "Zamknij",
  },
  partition: {
    title: "Zmiana partycji",
    message: "Aby przenieść firmę do innej partycji, wyślij prośbę do obsługi klienta. Odpowiedź otrzymasz e-mailem.",
    confirm: "Wyślij prośbę",
    close: "Zamknij",
    subject: "Prośba o zmianę partycji",
    body: "Proszę o przeniesienie mojej firmy do innej partycji.",
  },
};
