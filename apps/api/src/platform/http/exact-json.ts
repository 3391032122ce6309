import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import { ValidationError } from './validation.js';

/** What {@link inexactJsonAt} found: the field (dotted path) and the broken rule. */
export interface JsonTextProblem {
  readonly field: string;
  readonly rule: string;
  readonly code: number;
}

const NUMBER = /-?(0|[1-9]\d*)(?:\.(\d+))?([eE][+-]?\d+)?/y;
/** Digits a double holds exactly (2^53 has 16; every 15-digit integer is exact). */
const MAX_INTEGER_DIGITS = 15;
/** Money has cents; no other number of a request has a fraction. */
const MAX_DECIMALS = 2;

type Frame = { kind: 'object'; path: string; keys: Set<string>; key: string | null } | { kind: 'array'; path: string; index: number };

const join = (path: string, part: string | number) => (path ? `${path}.${part}` : String(part));

/**
 * Reads the text of a valid JSON document for what `JSON.parse` silently hides: a key twice in one object (the last
 * would win: `{"offer":100,"offer":2000}`), and a number that is not read as written: more than 2 decimals
 * (`1000.0000000000000001` reads 1000), an exponent, or more integer digits than a double holds exactly
 * (`99999999.999999999` and `10000000000000000001` round). Returns the first such place, or null.
 */
export function inexactJsonAt(text: string): JsonTextProblem | null {
  const stack: Frame[] = [];
  const here = (): string => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    return top.kind === 'array' ? join(top.path, top.index) : join(top.path, top.key ?? '');
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const top = stack[stack.length - 1];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (top?.kind === 'object' && top.key === null) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.keys.has(key)) return { field: join(top.path, key), rule: 'must appear once in its object', code: API_ERROR_CODES.JSON_DUPLICATE_KEY };
        top.keys.add(key);
        top.key = key;
      }
      i = j;
    } else if (c === '{' || c === '[') {
      const path = here();
      stack.push(c === '{' ? { kind: 'object', path, keys: new Set(), key: null } : { kind: 'array', path, index: 0 });
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      if (top?.kind === 'object') top.key = null;
      else if (top) top.index++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text)!;
      const rule = m[3] !== undefined ? 'must be written without an exponent'
        : (m[2]?.length ?? 0) > MAX_DECIMALS ? `must have at most ${MAX_DECIMALS} decimals`
          : m[1]!.length > MAX_INTEGER_DIGITS ? `must have at most ${MAX_INTEGER_DIGITS} digits before the decimal point` : null;
      if (rule) return { field: here() || 'body', rule, code: API_ERROR_CODES.JSON_NUMBER_INEXACT };
      i += m[0].length - 1;
    }
  }
  return null;
}

/**
 * The JSON body parser (for `app.useBodyParser('application/json', …)`): Fastify's own, with its `__proto__` and
 * `constructor` poisoning refusals, parses, then {@link inexactJsonAt} checks the text, so every JSON body of every
 * route is refused (400) when a key repeats or a number would not be read as written.
 */
export function exactJsonParser(fastify: FastifyInstance) {
  const parseDefault = fastify.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: unknown) => void): void => {
    const text = body.toString('utf8');
    parseDefault(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      const problem = inexactJsonAt(text);
      if (!problem) return done(null, value);
      const details = [{ field: problem.field, rule: problem.rule }];
      done(new ValidationError(`invalid body: ${problem.field} ${problem.rule}`, details, problem.code));
    });
  };
}
