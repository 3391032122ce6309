import { DealerUsersPage, FcmTokenRequest, LoggedAnswer, UpdateIbanRequest, UpdateUserRequest, UserDetails } from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

const PERSONAL = 'personal: name, surname, email, phone, mobile, fiscalCode, birthDate (YYYY-MM-DD) and iban, each null when not on file (demo users: nulls); the IBAN is shown whole to its owner only. Never cached (Cache-Control: private, no-store).';
const EDIT = 'Edit the caller\'s own account; fields not given stay. preferredLanguage: a language the user\'s market offers (BE: en, fr, be; FR: fr; EN and OTHER: en; else the market\'s and en; any case; OTHER is stored as en) or the one the user already has, else 400 naming them; consent1..3: true or false (the privacy page gives all three; a consent not given keeps its value even when another edit runs at the same time); name, surname: 1 to 80 characters with at least one letter; phone, mobile: up to 50 (digits, blanks, + ( ) . / -, at least one digit; null or "" clears). Any other field (username, roles, idDealer, flgEnabled, idMarket, email...) is refused: 400 with the field named. Language and consents are events on the user\'s stream (no personal data in them); names and phones are personal data kept beside the log. Answers the updated details.';
const LOGGED = 'Who is logged in, without an error when nobody is: the profile, or JSON null (200) when there is no credential or it is invalid, expired or logged out (spec: "returns user or null", no error popup). Never cached (Cache-Control: private, no-store): the answer depends on the caller.';

/** The OpenAPI entries of the profile calls (joined in `identity.routes.ts`). */
export const PROFILE_ROUTE_DOCS: RouteDoc[] = [
  ['get', '/api/v1/secure/user', `The caller's profile (idUser, idDealer, idMarket, preferredLanguage, roles, username, consent1..3, flgEnabled) with ${PERSONAL}`, 'logged in', undefined, UserDetails],
  ['put', '/api/v1/secure/user', EDIT, 'logged in', UpdateUserRequest, UserDetails],
  ['put', '/api/v1/secure/user/iban', 'Set the caller\'s IBAN: blanks and lower case tolerated ("it60 x054 2811 1010 0000 0123 456"), checked with ibantools (country, length, format, mod-97 checksum and the national checksum where known): else 422106. Stored in electronic form (no blanks, upper case) as personal data; answers the updated details. Lists of users show it masked (country, stars, last four).', 'logged in', UpdateIbanRequest, UserDetails],
  ['get', '/api/v1/secure/logged', `${LOGGED} Reads the session cookie or the token header itself.`, 'anyone', undefined, LoggedAnswer],
  ['get', '/api/v1/secure/users-dealer', 'The users of a dealer with their names, e-mail and masked IBAN: for that dealer\'s own users and ADMIN or CUSTOMER_CENTER (anyone else, or an unknown dealer: 403002). Query idDealer (required), limit (1-100, default 20), offset (default 0), sort=username|surname (default username; without case; users without a surname last; ties by username), order=asc|desc (default asc). Answers {total, items}.', 'logged in (own dealer), ADMIN, CUSTOMER_CENTER', undefined, DealerUsersPage],
  ['get', '/api/v1/mobile/user', `The caller's profile with ${PERSONAL} (mobile app)`, 'logged in (token header)', undefined, UserDetails],
  ['put', '/api/v1/mobile/user', `${EDIT} (mobile app)`, 'logged in (token header)', UpdateUserRequest, UserDetails],
  ['get', '/api/v1/mobile/logged', `${LOGGED} Reads the token header only (mobile app).`, 'anyone', undefined, LoggedAnswer],
  ['post', '/api/v1/mobile/fcm-token', 'Register the device\'s push token (FCM registration token; 1-4096 printable ASCII characters, no blanks) for the caller, after each login. Kept beside the log, several devices per user (the newest 20); a token registered by another user moves to that user. 204. Push delivery is a MOCK in this build (it only logs: FCM cannot be reached).', 'logged in (token header)', FcmTokenRequest, 'none'],
];

