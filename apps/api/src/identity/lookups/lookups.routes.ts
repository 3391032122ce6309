import { CheckCfAnswer, CtElementsAnswer, CtElementsMapAnswer, CtGroupAnswer, GeolocationAnswer } from '@auction/contracts';
import { CODE_TABLE_CACHE_CONTROL } from './code-tables.controller.js';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

const CODE_TABLE_RULES = 'Group and market codes are case-insensitive, element codes exact; a list parameter may be repeated or comma-separated, empty values and repeats are ignored. '
  + '`lang` (en, it, de, fr, es, nl, pl, pt, be, lu; default en) picks the language of elementDes (be reads nl, lu reads fr). '
  + 'Lists are sorted by ranking, then by description in that language, then by code (CAR_SOLD by its ranking). '
  + `Answers are cacheable (\`Cache-Control: ${CODE_TABLE_CACHE_CONTROL}\`). `
  + 'Errors (400): 400070 a required parameter missing or empty, 400071 unknown group, 400072 unknown market, 400073 unknown language, '
  + '400074 too many values (more than 20 groups or markets, more than 200 raw values, two values of a single-valued parameter), '
  + '400075 a value that cannot be a code; 400001 NUL, lone surrogates or a raw value longer than 1000 characters (lang: 16) (details name the parameter).';

/** The OpenAPI entries of the lookups calls (joined in `identity.routes.ts`). */
export const LOOKUPS_ROUTE_DOCS: RouteDoc[] = [
  ['get', '/api/v1/open/ct-elements-map', `Code tables for forms, in one call: query \`groupCodes\` and \`idMarkets\` (both required, repeated), optional \`lang\`. Answer: { [groupCode]: { [idMarket]: elements } }; a table the same in every market answers the same list under each market (idMarket set), a market without elements of a market-scoped table (OTHER for COUNTRY_AREA) an empty list. ${CODE_TABLE_RULES}`, 'anyone', undefined, CtElementsMapAnswer],
  ['get', '/api/v1/open/ct-elements', `One code table: query \`groupCode\` (required), optional \`idMarket\` (without it, a market-scoped table gives every market's elements, market by market), \`elementCode\` (only that element: an empty list when the table lacks it) and \`lang\`. ${CODE_TABLE_RULES}`, 'anyone', undefined, CtElementsAnswer],
  ['get', '/api/v1/open/ct-group', `Whole code tables with their own description (groupDes): query \`groupCode\` (repeated; none: every table), optional \`lang\`. Market-scoped tables hold every market's elements, each with its idMarket. ${CODE_TABLE_RULES}`, 'anyone', undefined, CtGroupAnswer],
  ['get', '/api/v1/open/check-cf', 'Whether an Italian fiscal code fits a person: query `cf`, `name`, `surname`, `birthDate` (all required, one value each), optional `gender` (M or F; without it either gender\'s day is accepted). '
    + '`birthDate`: epoch milliseconds (the spec\'s "adjusted for timezone" value: local wall-clock time shifted to UTC, read as its UTC calendar date whatever the time of day, the same rule as the registration and sign-up), `YYYY-MM-DD` or `DD/MM/YYYY`, years 1900 to 2099. '
    + 'Answer: a JSON boolean, true only when the code is well-formed (16 characters, omocodia letters accepted, blanks ignored), its check character is right, and its surname and name letters, year, month letter and day (+40 for women) agree with the person (codice-fiscale-js); the birthplace is not checked. '
    + 'Bad input (a parameter missing, repeated or too long: cf 50, name and surname 80; a birth date in no accepted form or that does not exist; NUL): 400, errorCode 400001, details name the field. Never cached (personal data in the query).', 'anyone', undefined, CheckCfAnswer],
  ['get', '/api/v1/open/geolocation', 'The market of the caller, for the home page of an anonymous visitor: `{ value }`. From the client address (X-Forwarded-For only under TRUST_PROXY) with the offline GeoLite country database of geoip-lite (read into memory on the first call): a country that is a market gives it (GB gives EN), another country null. A loopback or private address, or one the database does not place, falls back to Accept-Language: the first language (by q) that maps to a market (it IT, de DE, fr FR, es ES, nl NL, en EN, pl PL, pt PT; a region that is a market offering that language wins: fr-BE BE, fr-LU LU); else null. Never an error. Not cached.', 'anyone', undefined, GeolocationAnswer],
];
