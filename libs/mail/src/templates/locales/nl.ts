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
};
