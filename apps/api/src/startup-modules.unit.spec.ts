/**
 * Packages the API loads only when they are used (issue 25, embedded memory): Kafka's clients (Kafka mode), the
 * EventStoreDB client (EVENTSTORE_URL), exceljs (a spreadsheet written or read) and mailparser (a message caught).
 * Loaded at start they held about 19 MB of V8 heap and 30 MB of RSS in an embedded API that never used them
 * (BENCHMARKS.md). A static import of one of them, anywhere main.ts reaches, would load it at start again.
 * (@nestjs/microservices is not among them: Nest's application loads it whenever it is installed.)
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ON_DEMAND = ['kafkajs', '@platformatic/kafka', '@eventstore/db-client', 'exceljs', 'mailparser'];

/** `import`/`export ... from` statements that load their module at run time (type-only ones are erased). */
const STATIC = /(?:^|\n)[ \t]*(import|export)[ \t]+(?:(type)[ \t]+)?(?:([^;()'"]*?)[ \t\n]*from[ \t\n]*)?['"]([^'"]+)['"]/g;
/** `import('...')`: loaded when the code runs. */
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveLocal(from: string, spec: string): string | undefined {
  if (spec.startsWith('@auction/')) return path.join(ROOT, 'libs', spec.slice('@auction/'.length), 'src/index.ts');
  if (!spec.startsWith('.')) return undefined;
  const file = path.resolve(path.dirname(from), spec.replace(/\.js$/, '.ts'));
  return existsSync(file) ? file : path.join(file.replace(/\.ts$/, ''), 'index.ts');
}

const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

/** The packages loaded by static imports from `entry`, and those only imported with `import()`. */
function modulesFrom(entry: string): { statics: Set<string>; dynamics: Set<string> } {
  const statics = new Set<string>();
  const dynamics = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, dynamic: boolean) => {
    if (seen.has(`${dynamic}:${file}`)) return;
    seen.add(`${dynamic}:${file}`);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(STATIC)) {
      const [, , typeOnly, clause, spec] = m;
      if (typeOnly || (clause && /^\{[^}]*\}$/.test(clause.trim()) && clause.slice(1, -1).split(',').filter((s) => s.trim()).every((s) => /^\s*type\s/.test(s)))) continue;
      const local = resolveLocal(file, spec!);
      if (local) visit(local, dynamic);
      else (dynamic ? dynamics : statics).add(packageOf(spec!));
    }
    for (const m of text.matchAll(DYNAMIC)) {
      const local = resolveLocal(file, m[1]!);
      if (local) visit(local, true);
      else dynamics.add(packageOf(m[1]!));
    }
  };
  visit(entry, false);
  for (const s of statics) dynamics.delete(s);
  return { statics, dynamics };
}

describe('packages loaded on demand', () => {
  const { statics, dynamics } = modulesFrom(path.join(ROOT, 'apps/api/src/main.ts'));

  it('are not imported statically from anything main.ts reaches', () => {
    expect(ON_DEMAND.filter((p) => statics.has(p))).toEqual([]);
  });

  it('are still reached, through import() (the list above is not stale), and the walk sees the usual packages', () => {
    expect(ON_DEMAND.filter((p) => !dynamics.has(p))).toEqual([]);
    expect([...statics]).toEqual(expect.arrayContaining(['@nestjs/core', '@electric-sql/pglite', 'aedes', 'oidc-provider', 'nodemailer']));
  });
});
