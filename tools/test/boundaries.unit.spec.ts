import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/**
 * Which packages each project may import (besides node: built-ins and its own relative files);
 * `testAllow` lists what its test files may import on top.
 */
const RULES: Record<string, { allow: RegExp[]; deny?: RegExp[]; testAllow?: RegExp[] }> = {
  // The domain's rules are pure, but the identity context's validation rules (shared by the web form and the API)
  // are zod schemas using maintained checkers of Italian fiscal codes, VAT numbers and IBANs: pure, browser-safe.
  'libs/domain': { allow: [/^zod$/, /^codice-fiscale-js$/, /^jsvat-next$/, /^ibantools$/] },
  'libs/contracts': { allow: [/^@auction\/domain$/, /^zod$/] },
  'libs/event-store': { allow: [/^@auction\/(domain|contracts)$/, /^pg$/, /^pg-connection-string$/, /^@electric-sql\/pglite/, /^@eventstore\/db-client$/, /^vitest/, /^fast-check$/] },
  // The blob store speaks to its database through a two-method port of its own; its tests run the SQL on PGlite.
  'libs/blob-store': { allow: [], testAllow: [/^@electric-sql\/pglite$/] },
  'libs/messaging': {
    allow: [/^@auction\/(domain|contracts|event-store)$/, /^kafkajs$/, /^@platformatic\/kafka$/, /^@nestjs\/(microservices|common)$/, /^rxjs$/, /^aedes/, /^mqtt$/, /^ws$/],
  },
  'libs/read-models': { allow: [/^@auction\/(domain|contracts|event-store)$/, /^typeorm/, /^pg$/, /^@electric-sql\/pglite/, /^zod$/, /^pg-copy-streams$/] },
  'libs/i18n': { allow: [/^@auction\/domain$/], testAllow: [/^@auction\/contracts$/] },
  // The mailer sanitises the HTML staff compose (a maintained allow-list sanitiser, not hand-written rules).
  'libs/mail': { allow: [/^@auction\/i18n$/, /^nodemailer(\/|$)/, /^smtp-server$/, /^mailparser$/, /^sanitize-html$/] },
  'libs/reference-data': { allow: [/^@auction\/(domain|i18n)$/], testAllow: [/^i18next$/] },
  'tools/replay': { allow: [/^@auction\/(domain|contracts|event-store|read-models)$/] },
  'apps/web': { allow: [/^@auction\/(domain|contracts|i18n)$/, /^react(-dom)?(\/|$)/, /^react-i18next$/, /^i18next$/, /^@tanstack\/react-router$/, /^xstate$/, /^@xstate\/react$/, /^mqtt$/, /^zod$/, /^react-hook-form$/, /^@hookform\/resolvers(\/|$)/, /^@testing-library\//], deny: [/^@nestjs\//] },
  'apps/api': { allow: [/.*/], deny: [/^react/, /^xstate/, /^@xstate\//, /^@tanstack\//] },
};

/** Test files may also use the test tools. */
const TEST_TOOLS = [/^vitest/, /^fast-check$/, /^@nestjs\/(core|testing)$/];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
}

describe('module boundaries', () => {
  for (const [project, rule] of Object.entries(RULES)) {
    it(`${project} imports only what it may`, () => {
      const violations: string[] = [];
      for (const file of sources(join(ROOT, project, 'src'))) {
        for (const spec of importsOf(file)) {
          if (spec.startsWith('.') || spec.startsWith('node:')) continue;
          const testTool = /\.(spec|test-support)\.tsx?$/.test(file) && [...TEST_TOOLS, ...(rule.testAllow ?? [])].some((r) => r.test(spec));
          const allowed = testTool || rule.allow.some((r) => r.test(spec)) && !(rule.deny ?? []).some((r) => r.test(spec));
          if (!allowed) violations.push(`${relative(ROOT, file)} imports ${spec}`);
        }
      }
      expect(violations).toEqual([]);
    });
  }

  // libs/domain: one folder per bounded context. A context's rules import their own context, `shared/` and the
  // root's stream ids (`streams.ts`), never another context: contexts talk through events and queries.
  it('libs/domain contexts import only themselves, shared/ and the stream ids', () => {
    const domain = join(ROOT, 'libs/domain/src');
    const contexts = ['auctions', 'vehicles', 'identity', 'dealers'];
    const violations: string[] = [];
    for (const context of contexts) {
      for (const file of sources(join(domain, context))) {
        if (/\.(spec|test-support)\.tsx?$/.test(file)) continue;
        for (const spec of importsOf(file)) {
          if (!spec.startsWith('.')) continue;
          const target = relative(domain, join(file, '..', spec));
          const top = target.split('/')[0]!;
          if (top !== context && top !== 'shared' && !target.startsWith('streams')) violations.push(`${relative(ROOT, file)} imports ${spec}`);
        }
      }
    }
    expect(violations).toEqual([]);
    expect(contexts.every((c) => sources(join(domain, c)).length > 0)).toBe(true);
  });

  // apps/api: one folder per bounded context, on a shared `platform/` (stream writer, event store wiring, errors,
  // config, live channel, metrics, operations). Identity is the access layer every context and the platform's
  // guarded controllers use; a business context never imports another one, except the showcase's rating of an
  // auctioneer, which is the auctions context's feedback command (one command, two entry points), and communication's
  // reports reading the dealers' queries. The platform's OpenAPI description joins the route tables of every context
  // (beside their controllers). Which partner a rating counts for, and who may see or sell through a template, are the
  // platform's sales rules (`platform/engine/sales-access.ts`, `rated-partner.ts`), which every context asks.
  it('apps/api contexts import only the platform, identity and themselves', () => {
    const api = join(ROOT, 'apps/api/src');
    const may: Record<string, string[]> = {
      platform: [
        'platform', 'identity', 'dealers/dealers.routes', 'vehicles/vehicles.routes', 'vehicles/uploads/vehicle-uploads.routes', 'auctions/mobile.routes',
        'communication/communication.routes', 'partners/partners.routes', 'partners/sellers/sellers.routes', 'partners/top-cms/top-cms.routes',
        'payments/payments.routes',
      ],
      identity: ['identity', 'platform'],
      auctions: ['auctions', 'platform', 'identity'],
      showcase: ['showcase', 'platform', 'identity', 'auctions/commands/feedback.handler'],
      dealers: ['dealers', 'platform', 'identity'],
      vehicles: ['vehicles', 'platform', 'identity'],
      partners: ['partners', 'platform', 'identity'],
      // The back-office's reports and mail recipients read the dealers' query side (their services, never their tables).
      communication: ['communication', 'platform', 'identity', 'dealers'],
      payments: ['payments', 'platform', 'identity'],
    };
    const violations: string[] = [];
    for (const [context, allowed] of Object.entries(may)) {
      for (const file of sources(join(api, context))) {
        if (/\.(spec|test-support)\.tsx?$/.test(file)) continue;
        for (const spec of importsOf(file)) {
          if (!spec.startsWith('.')) continue;
          const target = relative(api, join(file, '..', spec));
          if (!allowed.some((a) => target === a || target.startsWith(`${a}/`) || target.startsWith(`${a}.`))) violations.push(`${relative(ROOT, file)} imports ${spec}`);
        }
      }
    }
    expect(violations).toEqual([]);
    expect(Object.keys(may).every((c) => sources(join(api, c)).length > 0)).toBe(true);
  });

  it('finds imports at all (the check itself works)', () => {
    expect(importsOf(join(ROOT, 'libs/contracts/src/common.ts'))).toContain('zod');
  });
});
