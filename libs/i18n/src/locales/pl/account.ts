import type { Translation } from '../../translation.js';
import type { account as en } from '../en/account.js';

/** Polish: konserwacja, brak dostępu, zgody, odzyskiwanie i zmiana hasła, logowanie mobilne. */
export const account: Translation<typeof en, 'few' | 'many'> = {
  maintenance: {
    title: 'Zaraz wracamy',
    text: 'Portal jest w trakcie prac konserwacyjnych lub chwilowo niedostępny. Spróbuj ponownie za kilka minut.',
    contact: 'Potrzebujesz pomocy? Napisz do Biura Obsługi Klienta:',
    retry: 'Spróbuj ponownie',
  },
  forbidden: {
    title: 'Dostęp niedozwolony',
    text: 'Twoje konto nie ma dostępu do strefy prywatnej. Biuro Obsługi Klienta wyjaśni przyczynę i może je aktywować.',
    contact: 'Napisz do Biura Obsługi Klienta:',
  },
  privacy: {
    title: 'Prywatność i zgody',
    intro: 'Zanim przejdziesz dalej, odpowiedz na trzy poniższe zgody. Każda odpowiedź jest wymagana.',
    consent1: 'Przetwarzanie moich danych osobowych w celu świadczenia usług portalu, zgodnie z polityką prywatności.',
    consent2: 'Ogólne warunki korzystania z portalu i jego aukcji.',
    consent3: 'Przetwarzanie moich danych kontaktowych w celu otrzymywania informacji o aukcjach i ofertach.',
    agree: 'Wyrażam zgodę',
    disagree: 'Nie wyrażam zgody',
    required: 'Odpowiedz na wszystkie trzy zgody.',
    allNeeded: 'Strefa prywatna jest dostępna po wyrażeniu wszystkich trzech zgód.',
    submit: 'Zapisz i kontynuuj',
  },
  recovery: {
    title: 'Odzyskiwanie hasła',
    intro: 'Podaj nazwę użytkownika lub adres e-mail konta: wystarczy jedno z nich.',
    username: 'Nazwa użytkownika',
    email: 'Adres e-mail',
    or: 'lub',
    submit: 'Wyślij',
    sent: 'Jeśli podane dane pasują do konta, wysłaliśmy e-mail z linkiem do ustawienia nowego hasła. Link działa jednorazowo i wkrótce wygaśnie.',
    linkTitle: 'Ustaw nowe hasło',
    linkIntro: 'Ustaw nowe hasło dla {{username}}.',
    password: 'Nowe hasło',
    confPassword: 'Potwierdź nowe hasło',
    save: 'Zapisz nowe hasło',
    done: 'Hasło zostało zmienione. Możesz się teraz nim zalogować.',
    linkInvalid: 'Ten link wygasł lub został już użyty. Poproś o nowy.',
    askAgain: 'Poproś o nowy link',
  },
  change: {
    currentPassword: "Obecne hasło",
    title: 'Zmiana hasła',
    password: 'Nowe hasło',
    confPassword: 'Potwierdź nowe hasło',
    submit: 'Zmień hasło',
    done: 'Hasło zostało zmienione.',
  },
  passwordHint: 'Co najmniej {{minLength}} znaków, w tym co najmniej 3 z: małe litery, wielkie litery, cyfry, znaki specjalne.',
  passwordHintMax: 'Od {{minLength}} do {{maxLength}} znaków, w tym co najmniej 3 z: małe litery, wielkie litery, cyfry, znaki specjalne.',
  mobile: {
    title: 'Logowanie',
    intro: 'Zaloguj się nazwą użytkownika i hasłem portalu.',
    username: 'Użytkownik',
    password: 'Twoje hasło',
    submit: 'Zaloguj się',
    failed: 'Logowanie nie powiodło się: sprawdź użytkownika i hasło.',
    signUp: 'Nie masz jeszcze konta? Zarejestruj się',
    forgotPassword: 'Nie pamiętasz hasła?',
  },
  passwordForm: {
    error: {
      tooShort: 'Co najmniej {{minLength}} znaków.',
      tooLong: 'Najwyżej {{maxLength}} znaków.',
      weak: 'Użyj co najmniej {{minClasses}} z: małe litery, wielkie litery, cyfry, znaki specjalne.',
      mismatch: 'Hasła nie są takie same.',
    },
  },
  passwordRecoveryForm: { error: { usernameOrEmail: 'Podaj nazwę użytkownika lub adres e-mail.' } },
  registrationForm: {
    error: {
      mandatory: 'To pole jest wymagane.',
      wrongFormat: 'Nieprawidłowy format.',
    },
  },
};
