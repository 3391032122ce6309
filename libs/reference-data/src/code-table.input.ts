import { MARKETS, type Market } from '@auction/domain';
import { GROUP_CODES, isGroupCode, type GroupCode } from './code-element.js';
import { CODE_TABLE_LIMITS, CodeTableError, shown } from './code-table.errors.js';

/** A query parameter as an HTTP framework hands it over: absent, once, or repeated. */
export type QueryValue = string | readonly string[] | undefined;

/** More raw values than this are refused before any other work, whatever they hold. */
const MAX_RAW_VALUES = CODE_TABLE_LIMITS.rawValues;

/**
 * The values of a list parameter: repeated (`?groupCodes=A&groupCodes=B`) or comma-separated (`A,B`), trimmed, empty
 * values dropped (a form sends `?idMarkets=` for "none"), repeats dropped, order kept.
 */
export function listOf(value: unknown, parameter: string): string[] {
  if (value === undefined || value === null) return [];
  const raw: unknown[] = Array.isArray(value) ? value : [value];
  if (raw.length > MAX_RAW_VALUES) throw new CodeTableError('TOO_MANY_VALUES', parameter, `${parameter}: at most ${MAX_RAW_VALUES} values`);
  const values = raw.flatMap((item) => {
    if (typeof item !== 'string') throw new CodeTableError('BAD_VALUE', parameter, `${parameter}: every value must be a text, got ${shown(item)}`);
    return item.split(',').map((part) => part.trim()).filter((part) => part !== '');
  });
  return [...new Set(values)];
}

function limited(values: string[], parameter: string, max: number): string[] {
  if (values.length > max) throw new CodeTableError('TOO_MANY_VALUES', parameter, `${parameter}: at most ${max} different values, got ${values.length}`);
  return values;
}

function groupCodeOf(value: string, parameter: string): GroupCode {
  const code = value.toUpperCase();
  if (isGroupCode(code)) return code;
  throw new CodeTableError('UNKNOWN_GROUP', parameter, `unknown group ${shown(value)}: expected one of ${GROUP_CODES.join(', ')}`);
}

function marketOf(value: string, parameter: string): Market {
  const code = value.toUpperCase();
  if ((MARKETS as readonly string[]).includes(code)) return code as Market;
  throw new CodeTableError('UNKNOWN_MARKET', parameter, `unknown market ${shown(value)}: expected one of ${MARKETS.join(', ')}`);
}

/** Group codes of a list parameter (case-insensitive); `required` refuses an empty list. */
export function parseGroupCodes(value: unknown, parameter: string, required: boolean): GroupCode[] {
  const values = limited(listOf(value, parameter), parameter, CODE_TABLE_LIMITS.groupCodes);
  if (required && values.length === 0) throw new CodeTableError('MISSING_PARAMETER', parameter, `${parameter} is required: name at least one group`);
  return [...new Set(values.map((v) => groupCodeOf(v, parameter)))];
}

/** Markets of a list parameter (case-insensitive); `required` refuses an empty list. */
export function parseMarkets(value: unknown, parameter: string, required: boolean): Market[] {
  const values = limited(listOf(value, parameter), parameter, CODE_TABLE_LIMITS.idMarkets);
  if (required && values.length === 0) throw new CodeTableError('MISSING_PARAMETER', parameter, `${parameter} is required: name at least one market`);
  return [...new Set(values.map((v) => marketOf(v, parameter)))];
}

/** One value of a single-valued parameter: absent or empty is `undefined`, two different values are refused. */
function single(value: unknown, parameter: string): string | undefined {
  const values = listOf(value, parameter);
  if (values.length > 1) throw new CodeTableError('TOO_MANY_VALUES', parameter, `${parameter} takes one value, got ${values.length}`);
  return values[0];
}

/** The one group of `ct-elements`, required. */
export function parseGroupCode(value: unknown, parameter: string): GroupCode {
  const code = single(value, parameter);
  if (code === undefined) throw new CodeTableError('MISSING_PARAMETER', parameter, `${parameter} is required`);
  return groupCodeOf(code, parameter);
}

/** An optional market. */
export function parseOptionalMarket(value: unknown, parameter: string): Market | undefined {
  const code = single(value, parameter);
  return code === undefined ? undefined : marketOf(code, parameter);
}

const ELEMENT_CODE = new RegExp(`^[A-Za-z0-9_-]{1,${CODE_TABLE_LIMITS.valueLength}}$`);

/** An optional element code, exact (codes are case-sensitive: `2A`, `en`); one that cannot exist is refused. */
export function parseOptionalElementCode(value: unknown, parameter: string): string | undefined {
  const code = single(value, parameter);
  if (code === undefined) return undefined;
  if (!ELEMENT_CODE.test(code)) {
    throw new CodeTableError('BAD_VALUE', parameter, `${parameter} ${shown(code)} is not a code: letters, digits, _ and -, at most ${CODE_TABLE_LIMITS.valueLength}`);
  }
  return code;
}
