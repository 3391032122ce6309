/**
 * Error codes of the code-table lookups (GET /api/v1/open/ct-elements-map, /ct-elements, /ct-group): 400070 to
 * 400079, a block no other part of the API uses (the shell's are 400001, 400002 and 400020). Each is a 400 Bad
 * Request: the caller asked for something the tables do not have, and the message names it.
 */
export const CODE_TABLE_ERROR_CODES = {
  /** A required parameter is missing or holds only empty values (groupCodes, idMarkets, groupCode). */
  MISSING_PARAMETER: 400070,
  /** A group code the lookup service does not know. */
  UNKNOWN_GROUP: 400071,
  /** A market code that is not one of the portal's markets. */
  UNKNOWN_MARKET: 400072,
  /** A language that is not one of the portal's ten. */
  UNKNOWN_LANGUAGE: 400073,
  /** More values than one call may ask for (see `CODE_TABLE_LIMITS`). */
  TOO_MANY_VALUES: 400074,
  /** A value that cannot be a code: not a text, too long, or with characters no code has. */
  BAD_VALUE: 400075,
} as const;
export type CodeTableErrorName = keyof typeof CODE_TABLE_ERROR_CODES;
export type CodeTableErrorCode = (typeof CODE_TABLE_ERROR_CODES)[CodeTableErrorName];

/** How much one call may ask for: every group (22 today) and every market fit, a request built to make the server work does not; `rawValues`: values of one parameter before repeats are dropped. */
export const CODE_TABLE_LIMITS = { groupCodes: 30, idMarkets: 20, valueLength: 40, rawValues: 200 } as const;

/**
 * A lookup the tables cannot answer. Thrown by the query functions; the API answers it with HTTP 400 and the body
 * `{ errorCode: code, errorMsg: message }`. `parameter` names the query parameter at fault.
 */
export class CodeTableError extends Error {
  readonly code: CodeTableErrorCode;
  readonly parameter: string;
  constructor(name: CodeTableErrorName, parameter: string, message: string) {
    super(message);
    this.name = 'CodeTableError';
    this.code = CODE_TABLE_ERROR_CODES[name];
    this.parameter = parameter;
  }
  /** The HTTP status to answer with: always 400. */
  get httpStatus(): 400 {
    return 400;
  }
}

/** A value as an error message may quote it: short, so a huge input is not echoed back whole. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
