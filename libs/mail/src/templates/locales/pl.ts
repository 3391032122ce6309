import type { Translation } from '@auction/i18n';
import type { MailTexts } from './en.js';

/** Polish; the durations stand after a colon, in the nominative `Intl.NumberFormat` gives (`2 godziny`, `30 minut`). */
export const pl: Translation<MailTexts> = {
  common: {
    greeting: 'Dzień dobry {{name}},',
    greetingNoName: 'Dzień dobry,',
    linkFallback: 'Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:',
    signature: 'Zespół {{portal}}',
    footerAutomatic: 'To jest automatyczna wiadomość z {{portal}}. Prosimy na nią nie odpowiadać.',
    footerSupport: 'Pytania? Napisz na adres {{email}}.',
  },
  registrationReceived: {
    subject: 'Otrzymaliśmy Twoją rejestrację',
    received: 'Otrzymaliśmy rejestrację firmy {{businessName}} w {{portal}}. Dziękujemy!',
    review: 'Nasz zespół sprawdzi teraz Twoje dane i dokumenty. Do tego czasu konto pozostaje nieaktywne; napiszemy, gdy tylko zostanie aktywowane.',
  },
  accountEnabled: {
    subject: 'Twoje konto w {{portal}} jest aktywne',
    body: 'Konto {{username}} zostało aktywowane: możesz się teraz zalogować i brać udział w aukcjach oraz w witrynie.',
    action: 'Zaloguj się',
    passwordSetup: "Konto nie ma jeszcze hasła: osobny e-mail na adres konta zawiera link do wybrania hasła przed pierwszym logowaniem.",
  },
  passwordRecovery: {
    subject: 'Zresetuj hasło',
    body: 'Otrzymaliśmy prośbę o zresetowanie hasła do konta {{username}}. Użyj przycisku poniżej, aby ustawić nowe hasło.',
    action: 'Ustaw nowe hasło',
    validity: 'Link działa jeden raz. Czas ważności: {{duration}}.',
    ignore: 'Jeśli to nie Ty wysłałeś tę prośbę, zignoruj tę wiadomość: Twoje hasło pozostaje bez zmian.',
  },
  invitation: {
    subject: '{{dealerName}} zaprasza Cię do {{portal}}',
    body: '{{dealerName}} zaprasza Cię do {{portal}} jako swojego użytkownika. Dokończ rejestrację osobistą, aby uzyskać dostęp.',
    action: 'Zarejestruj się',
    validity: 'Czas ważności zaproszenia: {{duration}}.',
    ignore: 'Jeśli nie spodziewałeś się tego zaproszenia, możesz zignorować tę wiadomość.',
  },
  passwordChanged: {
    subject: 'Twoje hasło zostało zmienione',
    body: 'Hasło do konta {{username}} zostało zmienione {{when}}.',
    noAction: 'Jeśli to Ty, nie musisz nic robić.',
    notYou: 'Jeśli to nie Ty, natychmiast zresetuj hasło i skontaktuj się z nami.',
    action: 'Zresetuj hasło',
  },
  accountSetup: {
    subject: "Twoje konto w {{portal}}: wybierz hasło",
    approved: "Twoja rejestracja została zatwierdzona: konto {{username}} w {{portal}} jest aktywne.",
    created: "Otwarto dla Ciebie konto {{username}} w {{portal}}.",
    body: "Aby się zalogować, najpierw wybierz hasło przyciskiem poniżej; następnie zaloguj się nazwą użytkownika {{username}} i tym hasłem.",
    action: "Wybierz hasło",
    validity: "Link działa jeden raz i wygasa za {{duration}}. Jeśli wygasł, odzyskiwanie hasła na stronie logowania wyśle Ci nowy.",
  },
  emailChanged: {
    subject: "Adres e-mail Twojego konta został zmieniony",
    body: "Adres e-mail konta {{username}} w {{portal}} został zmieniony {{when}}. Od teraz jego wiadomości, w tym linki do hasła, trafiają na nowy adres, a nie na ten.",
    notYou: "Jeśli nie spodziewałeś się tej zmiany, natychmiast się z nami skontaktuj.",
  },
  signUpExisting: {
    subject: "Wysłano rejestrację z Twoim adresem e-mail",
    body: "Ktoś wysłał rejestrację dealera w {{portal}} z tym adresem e-mail, który należy już do konta {{username}}. Nie utworzono nowego konta, a Twoje konto pozostało bez zmian.",
    ifYou: "Jeśli to Ty, zaloguj się na swoje konto; jeśli nie pamiętasz hasła, wybierz nowe przyciskiem poniżej.",
    notYou: "Jeśli to nie Ty, nie musisz nic robić.",
    action: "Odzyskaj hasło",
  },
};
