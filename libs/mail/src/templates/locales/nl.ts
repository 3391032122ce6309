import type { Translation } from '@auction/i18n';
import type { MailTexts } from './en.js';

/** Dutch, worded so it reads right in Flanders too: Belgian Dutch (`be`) uses it (see `resourceLanguageOf`). */
export const nl: Translation<MailTexts> = {
  common: {
    greeting: 'Beste {{name}},',
    greetingNoName: 'Beste gebruiker,',
    linkFallback: 'Werkt de knop niet? Kopieer dan dit adres in uw browser:',
    signature: 'Het {{portal}}-team',
    footerAutomatic: 'Dit is een automatisch bericht van {{portal}}. Gelieve er niet op te antwoorden.',
    footerSupport: 'Vragen? Schrijf naar {{email}}.',
  },
  registrationReceived: {
    subject: 'We hebben uw registratie ontvangen',
    received: 'We hebben de registratie van {{businessName}} op {{portal}} ontvangen. Dank u wel!',
    review: 'Ons team controleert nu uw gegevens en documenten. Tot dan blijft uw account uitgeschakeld; we schrijven u zodra het geactiveerd is.',
  },
  accountEnabled: {
    subject: 'Uw account op {{portal}} is geactiveerd',
    body: 'Het account {{username}} is geactiveerd: u kunt nu inloggen en deelnemen aan de veilingen en de etalage.',
    action: 'Inloggen',
    passwordSetup: "Het account heeft nog geen wachtwoord: een aparte e-mail naar het adres van het account bevat de link om vóór de eerste aanmelding het wachtwoord te kiezen.",
  },
  passwordRecovery: {
    subject: 'Stel uw wachtwoord opnieuw in',
    body: 'Er is gevraagd om het wachtwoord van het account {{username}} opnieuw in te stellen. Kies met de knop hieronder een nieuw wachtwoord.',
    action: 'Nieuw wachtwoord kiezen',
    validity: 'De link werkt één keer en verloopt over {{duration}}.',
    ignore: 'Hebt u hier niet om gevraagd? Negeer dan deze e-mail: uw wachtwoord blijft ongewijzigd.',
  },
  invitation: {
    subject: '{{dealerName}} nodigt u uit op {{portal}}',
    body: '{{dealerName}} heeft u uitgenodigd om als gebruiker deel te nemen aan {{portal}}. Rond uw persoonlijke registratie af om toegang te krijgen.',
    action: 'Registreren',
    validity: 'De uitnodiging verloopt over {{duration}}.',
    ignore: 'Verwachtte u deze uitnodiging niet? Dan kunt u deze e-mail negeren.',
  },
  passwordChanged: {
    subject: 'Uw wachtwoord is gewijzigd',
    body: 'Het wachtwoord van het account {{username}} is gewijzigd op {{when}}.',
    noAction: 'Was u dit zelf? Dan hoeft u niets te doen.',
    notYou: 'Was u dit niet? Stel dan meteen uw wachtwoord opnieuw in en neem contact met ons op.',
    action: 'Wachtwoord opnieuw instellen',
  },
  accountSetup: {
    subject: "Uw account bij {{portal}}: kies uw wachtwoord",
    approved: "Uw registratie is goedgekeurd: het account {{username}} bij {{portal}} is geactiveerd.",
    created: "Er is voor u een account {{username}} geopend bij {{portal}}.",
    body: "Kies om aan te melden eerst uw wachtwoord met de knop hieronder; meld u daarna aan met de gebruikersnaam {{username}} en dat wachtwoord.",
    action: "Kies uw wachtwoord",
    validity: "De link werkt één keer en verloopt over {{duration}}. Is hij verlopen, dan stuurt het wachtwoordherstel op de aanmeldpagina u een nieuwe.",
  },
  emailChanged: {
    subject: "Het e-mailadres van uw account is gewijzigd",
    body: "Het e-mailadres van het account {{username}} bij {{portal}} is gewijzigd op {{when}}. Voortaan gaan de e-mails ervan, wachtwoordlinks inbegrepen, naar het nieuwe adres en niet naar dit adres.",
    notYou: "Als u deze wijziging niet verwachtte, neem dan meteen contact met ons op.",
  },
  signUpExisting: {
    subject: "Er is een registratie verzonden met uw e-mailadres",
    body: "Iemand heeft bij {{portal}} een dealerregistratie verzonden met dit e-mailadres, dat al hoort bij het account {{username}}. Er is geen nieuw account aangemaakt en uw account is ongewijzigd.",
    ifYou: "Was u het, meld u dan aan met uw account; bent u het wachtwoord vergeten, kies dan met de knop hieronder een nieuw.",
    notYou: "Was u het niet, dan hoeft u niets te doen.",
    action: "Wachtwoord herstellen",
  },
};
