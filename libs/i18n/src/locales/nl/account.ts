import type { Translation } from '../../translation.js';
import type { account as en } from '../en/account.js';

/** Dutch (also Belgium): onderhoud, geen toegang, toestemmingen, wachtwoord vergeten en wijzigen, mobiel inloggen. */
export const account: Translation<typeof en> = {
  maintenance: {
    title: 'We zijn zo terug',
    text: 'Het portaal is in onderhoud of is op dit moment niet bereikbaar. Probeer het over een paar minuten opnieuw.',
    contact: 'Hulp nodig? Schrijf naar de klantenservice:',
    retry: 'Opnieuw proberen',
  },
  forbidden: {
    title: 'Toegang niet toegestaan',
    text: 'Uw account is niet geactiveerd voor de beveiligde omgeving. De klantenservice kan u de reden vertellen en het activeren.',
    contact: 'Schrijf naar de klantenservice:',
  },
  privacy: {
    title: 'Privacy en toestemmingen',
    intro: 'Beantwoord eerst de drie toestemmingen hieronder voordat u verdergaat. Elk antwoord is verplicht.',
    consent1: 'De verwerking van mijn persoonsgegevens om de diensten van het portaal te leveren, zoals beschreven in de privacyverklaring.',
    consent2: 'De algemene gebruiksvoorwaarden van het portaal en zijn veilingen.',
    consent3: 'De verwerking van mijn contactgegevens om nieuws over veilingen en aanbiedingen te ontvangen.',
    agree: 'Ik ga akkoord',
    disagree: 'Ik ga niet akkoord',
    required: 'Beantwoord alle drie de toestemmingen.',
    allNeeded: 'De beveiligde omgeving is beschikbaar zodra alle drie de toestemmingen zijn gegeven.',
    submit: 'Opslaan en doorgaan',
  },
  recovery: {
    title: 'Wachtwoord vergeten',
    intro: 'Vul uw gebruikersnaam of het e-mailadres van uw account in: één van beide is genoeg.',
    username: 'Gebruikersnaam',
    email: 'E-mailadres',
    or: 'of',
    submit: 'Versturen',
    sent: 'Als er een account bij uw gegevens hoort, hebben we een e-mail gestuurd met een link om een nieuw wachtwoord te kiezen. De link werkt één keer en verloopt snel.',
    linkTitle: 'Kies een nieuw wachtwoord',
    linkIntro: 'Kies een nieuw wachtwoord voor {{username}}.',
    password: 'Nieuw wachtwoord',
    confPassword: 'Bevestig het nieuwe wachtwoord',
    save: 'Nieuw wachtwoord opslaan',
    done: 'Uw wachtwoord is gewijzigd. U kunt er nu mee inloggen.',
    linkInvalid: 'Deze link is verlopen of al gebruikt. Vraag een nieuwe aan.',
    askAgain: 'Nieuwe link aanvragen',
  },
  change: {
    currentPassword: "Huidig wachtwoord",
    title: 'Wachtwoord wijzigen',
    password: 'Nieuw wachtwoord',
    confPassword: 'Bevestig het nieuwe wachtwoord',
    submit: 'Wachtwoord wijzigen',
    done: 'Uw wachtwoord is gewijzigd.',
  },
  passwordHint: 'Minstens {{minLength}} tekens met minstens 3 van: kleine letters, hoofdletters, cijfers, speciale tekens.',
  passwordHintMax: '{{minLength}} tot {{maxLength}} tekens met minstens 3 van: kleine letters, hoofdletters, cijfers, speciale tekens.',
  mobile: {
    title: 'Inloggen',
    intro: 'Log in met de gebruikersnaam en het wachtwoord van het portaal.',
    username: 'Gebruiker',
    password: 'Uw wachtwoord',
    submit: 'Inloggen',
    failed: 'Inloggen mislukt: controleer gebruiker en wachtwoord.',
    signUp: 'Nog niet geregistreerd? Registreer u',
    forgotPassword: 'Wachtwoord vergeten?',
  },
  passwordForm: {
    error: {
      tooShort: 'Minstens {{minLength}} tekens.',
      tooLong: 'Hoogstens {{maxLength}} tekens.',
      weak: 'Gebruik minstens {{minClasses}} van: kleine letters, hoofdletters, cijfers, speciale tekens.',
      mismatch: 'De twee wachtwoorden zijn niet gelijk.',
    },
  },
  passwordRecoveryForm: { error: { usernameOrEmail: 'Vul uw gebruikersnaam of uw e-mailadres in.' } },
  registrationForm: {
    error: {
      mandatory: 'Dit veld is verplicht.',
      wrongFormat: 'Het formaat is niet geldig.',
    },
  },
};
