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
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ON_DEMAND = ['kafkajs', '@platformatic/kafka', '@eventstore/db-client', 'exceljs', 'mailparser'];

/**
 * The modules `file` loads: `now` when loaded with it (a static import or re-export that is not type-only, and an
 * `import()` or `require()` outside any function: top-level code runs at load), `later` from inside a function.
 * Parsed with TypeScript, so comments, strings and line breaks in an import do not hide it.
 */
function loadsOf(file: string, text: string): { now: string[]; later: string[] } {
  const now: string[] = [];
  const later: string[] = [];
  const typeOnly = (elements: readonly { isTypeOnly: boolean }[]) => elements.length > 0 && elements.every((e) => e.isTypeOnly);
  const visit = (node: ts.Node, inFunction: boolean): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const erased = clause && (clause.isTypeOnly || (!clause.name && bindings && ts.isNamedImports(bindings) && typeOnly(bindings.elements)));
      if (!erased) now.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const erased = node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && typeOnly(node.exportClause.elements));
      if (!erased) now.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isImportEqualsDeclaration(node) && !node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      now.push(node.moduleReference.expression.text);
      return;
    }
    if (ts.isImportTypeNode(node)) return; // `typeof import('...')`: a type
    if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0]!)) {
      const callee = node.expression;
      const loads = callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
      if (loads) (inFunction ? later : now).push(node.arguments[0].text);
    }
    ts.forEachChild(node, (child) => visit(child, inFunction || ts.isFunctionLike(node)));
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS), false);
  return { now, later };
}

function resolveLocal(from: string, spec: string): string | undefined {
  if (spec.startsWith('@auction/')) return path.join(ROOT, 'libs', spec.slice('@auction/'.length), 'src/index.ts');
  if (!spec.startsWith('.')) return undefined;
  const file = path.resolve(path.dirname(from), spec.replace(/\.js$/, '.ts'));
  return existsSync(file) ? file : path.join(file.replace(/\.ts$/, ''), 'index.ts');
}

const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

/** The packages loaded at start from `entry`, and those only loaded later (`import()` or `require()` in a function). */
function modulesFrom(entry: string): { statics: Set<string>; dynamics: Set<string> } {
  const statics = new Set<string>();
  const dynamics = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, dynamic: boolean) => {
    if (seen.has(`${dynamic}:${file}`)) return;
    seen.add(`${dynamic}:${file}`);
    const { now, later } = loadsOf(file, readFileSync(file, 'utf8'));
    for (const [specs, lazy] of [[now, dynamic], [later, true]] as const) {
      for (const spec of specs) {
        const local = resolveLocal(file, spec);
        if (local) visit(local, lazy);
        else (lazy ? dynamics : statics).add(packageOf(spec));
      }
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

describe('the walk', () => {
  const loadedNow = (text: string) => loadsOf('x.ts', text).now;

  it('sees what loads at start however it is written, and not what is a type or runs later', () => {
    expect(loadedNow("import ExcelJS, {\n  // don't (an apostrophe in a comment)\n  stream,\n} from 'exceljs';")).toEqual(['exceljs']);
    expect(loadedNow("import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nexport const m = require('mailparser');"))
      .toEqual(['node:module', 'mailparser']);
    expect(loadedNow("export const excel = await import('exceljs');")).toEqual(['exceljs']);
    expect(loadedNow("import k = require('kafkajs');")).toEqual(['kafkajs']);
    expect(loadedNow("export * from './kafka/index.js';\nexport { type A, B } from './b.js';")).toEqual(['./kafka/index.js', './b.js']);
    expect(loadedNow("import type X from 'exceljs';\nimport { type Y } from 'kafkajs';\nexport type { Z } from './z.js';\nexport type M = typeof import('./m.js');"))
      .toEqual([]);
    expect(loadsOf('x.ts', "export async function f() { return import('exceljs'); }\nconst g = () => require('mailparser');"))
      .toEqual({ now: [], later: ['exceljs', 'mailparser'] });
  });
});
