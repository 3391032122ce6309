/**
 * The bench's plain scripts (tools/bench/*.mjs) are not type-checked: a name one imports from a workspace library that
 * the library stopped exporting fails only when the script is run (@auction/messaging's Kafka part moved behind
 * loadKafka(), and kafka-clients.mjs no longer started). Each named import is checked against the library's exports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"](@auction\/[^'"]+)['"]/g;

describe('the bench scripts', () => {
  it('import from the workspace libraries only names they export', async () => {
    const missing: string[] = [];
    for (const file of readdirSync(DIR).filter((f) => f.endsWith('.mjs'))) {
      for (const [, names, spec] of readFileSync(path.join(DIR, file), 'utf8').matchAll(IMPORT)) {
        const exported = await import(spec!) as Record<string, unknown>;
        for (const name of names!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!).filter(Boolean)) {
          if (!(name in exported)) missing.push(`${file}: ${name} from ${spec}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
