import { z } from 'zod';
import { MARKETS } from '@auction/domain';

/**
 * Contracts of the public lookups (spec 01 §7): the code tables (`ct-elements-map`, `ct-elements`, `ct-group`), the
 * Italian fiscal-code check (`check-cf`) and the geolocated market (`geolocation`). The code-table queries are read
 * by `@auction/reference-data`, whose own errors (400070–400075) name what is wrong; the schemas here only bound the
 * raw query (a text or a repeated text) so that hostile input is refused before any work.
 */

/**
 * Longest raw value of a list parameter. A value may be a comma-separated list (`?groupCodes=COUNTRY,CAR_SOLD`, a
 * documented form): every group (at most 20, the longest code 22 characters) fits, with room to spare. The work is
 * bounded anyway: Node refuses a request line over 16 KB (431), and the tables refuse more than 20 different values.
 */
export const QUERY_LIST_VALUE_MAX = 1000;

/** A query parameter as a browser sends it: once, or repeated (`?groupCodes=A&groupCodes=B`); a value at most {@link QUERY_LIST_VALUE_MAX} characters. */
export const QueryTextOrList = z.union([z.string().max(QUERY_LIST_VALUE_MAX), z.array(z.string().max(QUERY_LIST_VALUE_MAX)).max(1000)]);

/**
 * The `lang` of a code-table query: once, or repeated (the code tables take one value: the same value twice is that
 * value, two different ones 400074, as for every single-valued parameter). A language code is short: at most 16.
 */
export const QueryLanguage = z.union([z.string().max(16), z.array(z.string().max(16)).max(1000)]);

/** Query of `GET /api/v1/open/ct-elements-map`: both lists are required (checked by the code tables: 400070). */
export const CtElementsMapQuery = z.object({
  groupCodes: QueryTextOrList.optional(),
  idMarkets: QueryTextOrList.optional(),
  lang: QueryLanguage.optional(),
});
export type CtElementsMapQuery = z.infer<typeof CtElementsMapQuery>;

/** Query of `GET /api/v1/open/ct-elements`: `groupCode` required (400070), the rest optional. */
export const CtElementsQuery = z.object({
  groupCode: QueryTextOrList.optional(),
  elementCode: QueryTextOrList.optional(),
  idMarket: QueryTextOrList.optional(),
  lang: QueryLanguage.optional(),
});
export type CtElementsQuery = z.infer<typeof CtElementsQuery>;

/** Query of `GET /api/v1/open/ct-group`: the groups (repeated `groupCode`; none: every group). */
export const CtGroupQuery = z.object({
  groupCode: QueryTextOrList.optional(),
  lang: QueryLanguage.optional(),
});
export type CtGroupQuery = z.infer<typeof CtGroupQuery>;

/** One code-table element as the API answers it. `idMarket` is null for a table read without a market. */
export const CodeElementView = z.object({
  groupCode: z.string(),
  elementCode: z.string(),
  elementDes: z.string(),
  ranking: z.number().int(),
  idMarket: z.enum(MARKETS).nullable(),
});
export type CodeElementView = z.infer<typeof CodeElementView>;

/** Answer of `ct-elements-map`: elements by group code, then by market code. */
export const CtElementsMapAnswer = z.record(z.string(), z.record(z.string(), z.array(CodeElementView)));
export type CtElementsMapAnswer = z.infer<typeof CtElementsMapAnswer>;

/** Answer of `ct-elements`: one group's elements, sorted by ranking, then by description. */
export const CtElementsAnswer = z.array(CodeElementView);
export type CtElementsAnswer = z.infer<typeof CtElementsAnswer>;

/** One group of `ct-group`: its description and its elements (a market-scoped group: every market's). */
export const CodeGroupView = z.object({ groupCode: z.string(), groupDes: z.string(), elements: z.array(CodeElementView) });
export type CodeGroupView = z.infer<typeof CodeGroupView>;
export const CtGroupAnswer = z.array(CodeGroupView);
export type CtGroupAnswer = z.infer<typeof CtGroupAnswer>;

/** Longest name or surname the forms take (spec 01 §5: max 80). */
export const PERSON_NAME_MAX = 80;

/**
 * Query of `GET /api/v1/open/check-cf`: all four required, one value each. `birthDate` is epoch milliseconds
 * ("adjusted for timezone": the UTC midnight of the date), `YYYY-MM-DD` or `DD/MM/YYYY`; `gender` (M or F) is
 * optional: without it either gender's day is accepted. `cf` at most 50 (the form's limit; blanks are tolerated).
 */
export const CheckCfQuery = z.object({
  birthDate: z.string().trim().min(1).max(32),
  cf: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(PERSON_NAME_MAX),
  surname: z.string().trim().min(1).max(PERSON_NAME_MAX),
  gender: z.enum(['M', 'F']).optional(),
});
export type CheckCfQuery = z.infer<typeof CheckCfQuery>;

/** Answer of `check-cf`: true only for a well-formed code, with its check character, consistent with the person. */
export const CheckCfAnswer = z.boolean();

/** Answer of `GET /api/v1/open/geolocation`: the market of the caller, or null when none can be told. */
export const GeolocationAnswer = z.object({ value: z.enum(MARKETS).nullable() });
export type GeolocationAnswer = z.infer<typeof GeolocationAnswer>;
