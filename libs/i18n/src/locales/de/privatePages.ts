/** The remaining private pages (issue 23 item 8). */
export const privatePages = {
  menu: { label: "Hilfe und Informationen", support: "Support", booklet: "Handbuch", myLeasys: "My Leasys", contact: "Kontakt", privacy: "Datenschutz", cookie: "Cookies" },
  support: {
    title: "Support",
    text: "Fragen zu einer Auktion, einem Kauf oder Ihrem Konto? Der Kundenservice antwortet an Werktagen.",
    mail: "Schreiben Sie an den Kundenservice:",
    booklet: "Handbuch lesen",
  },
  booklet: {
    title: "Handbuch",
    intro: "So funktioniert das Portal, kurz gefasst.",
    auctionsTitle: "Auktionen",
    auctionsText: "Akzeptieren Sie die Bedingungen einer Auktion und bieten Sie dann bis zu ihrem Ende auf die Lose. Das höchste gültige Gebot gewinnt, wenn der Auktionator das Los zuschlägt.",
    showcaseTitle: "Schaufenster",
    showcaseText: "Legen Sie Fahrzeuge in Ihr Los und kaufen Sie sie zum angezeigten Festpreis.",
    purchasesTitle: "Käufe",
    purchasesText: "Ihre Kaufseite zeigt, was Sie gekauft haben, den Zahlungsstand und lässt Sie den Verkäufer bewerten.",
  },
  myLeasys: {
    title: "My Leasys",
    text: "Leasingangebote und Ihre Leasingverträge finden Sie auf der Leasys-Website.",
    link: "Leasys-Website öffnen",
    newTab: "(öffnet in einem neuen Tab)",
  },
  contact: {
    title: "Kontakt",
    text: "Der Kundenservice hilft Ihnen bei Ihrem Konto, Auktionen und Käufen.",
    mail: "E-Mail:",
    partition: "Wechsel der Partition anfragen",
  },
  privacy: {
    title: "Datenschutz",
    text: "Wie wir Ihre Daten verarbeiten und zu welchen Bedingungen Sie das Portal nutzen.",
    openPrivacy: "Datenschutzerklärung lesen",
    openTerms: "Allgemeine Geschäftsbedingungen lesen",
    consents: "Ihre Einwilligungen prüfen",
  },
  cookie: {
    title: "Cookies",
    text: "Das Portal verwendet nur technische Cookies für Ihre Sitzung und Ihre Sprachwahl.",
    notes: "Ihre Notizen zu Cookies",
  },
  informative: {
    privacyTitle: "Datenschutzerklärung",
    privacyText: "Das Portal verarbeitet Ihre personenbezogenen Daten (Name, Kontaktdaten, Daten Ihres Unternehmens und Ihre Aktivität im Portal), um Auktionen und Verkäufe durchzuführen, Ihr Konto zu verwalten und gesetzliche Pflichten zu erfüllen. Die Daten werden aufbewahrt, solange Ihr Konto besteht und das Gesetz es verlangt. Sie können Auskunft, Berichtigung oder Löschung Ihrer Daten verlangen oder der Verarbeitung widersprechen, indem Sie an den Kundenservice schreiben.",
    termsTitle: "Allgemeine Geschäftsbedingungen",
    termsText: "Das Portal ist gewerblichen Händlern vorbehalten. Jedes Gebot bindet Ihr Unternehmen. Ein Ihnen zugeschlagenes Los ist innerhalb der in den Auktionsbedingungen genannten Fristen zu bezahlen und abzuholen. Der Zugang ist persönlich: Geben Sie Ihre Zugangsdaten nicht weiter.",
    close: "Schließen",
  },
  partition: {
    title: "Partition wechseln",
    message: "Um Ihr Unternehmen in eine andere Partition zu verschieben, senden Sie eine Anfrage an den Kundenservice. Er antwortet per E-Mail.",
    confirm: "Anfrage senden",
    close: "Schließen",
    subject: "Anfrage zum Wechsel der Partition",
    body: "Bitte verschieben Sie mein Unternehmen in eine andere Partition.",
  },
};
