/**
 * Every request schema bounds what one call can carry: each list has a maximum length and each string a maximum
 * size, so a single request can never make the API run an unbounded amount of work.
 */
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import * as contracts from '@auction/contracts';

type JsonSchema = { type?: string | string[]; maxItems?: number; maxLength?: number; enum?: unknown[]; const?: unknown; format?: string; pattern?: string; [key: string]: unknown };

/** Paths of the arrays without maxItems and strings without maxLength (enums, formats and constants are bounded). */
function unbounded(schema: unknown, path = '$'): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as JsonSchema;
  const found: string[] = [];
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.includes('array') && s.maxItems === undefined) found.push(`${path} (array without maxItems)`);
  if (types.includes('string') && s.maxLength === undefined && s.enum === undefined && s.const === undefined && s.format === undefined) {
    found.push(`${path} (string without maxLength)`);
  }
  for (const [key, value] of Object.entries(s)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, child] of Object.entries(value)) found.push(...unbounded(child, `${path}.${name}`));
    } else if (key === 'items' || key === 'additionalProperties') {
      found.push(...unbounded(value, `${path}[]`));
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      value.forEach((child, i) => found.push(...unbounded(child, `${path}|${i}`)));
    }
  }
  return found;
}

const requestSchemas = Object.entries(contracts).filter(([name, value]) => /(Request|Query)$/.test(name) && value instanceof z.ZodType) as [string, z.ZodType][];

describe('request schemas', () => {
  it('are found in the contracts', () => {
    expect(requestSchemas.map(([name]) => name)).toEqual(expect.arrayContaining(['CreateAuctionRequest', 'VehicleIdsQuery', 'NotAwardRequest', 'LoginRequest']));
  });

  it.each(requestSchemas)('%s bounds every list and string', (_name, schema) => {
    expect(unbounded(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }))).toEqual([]);
  });

  it('refuses more ids than one call may name, in a query list', () => {
    const ids = Array.from({ length: contracts.MAX_IDS_PER_CALL + 1 }, (_, i) => `v${i}`);
    expect(contracts.VehicleIdsQuery.safeParse({ idVehicles: ids.join(',') }).success).toBe(false);
    expect(contracts.VehicleIdsQuery.safeParse({ idVehicles: ids }).success).toBe(false);
    expect(contracts.VehicleIdsQuery.safeParse({ idVehicles: ids.slice(1).join(',') }).success).toBe(true);
  });
});
