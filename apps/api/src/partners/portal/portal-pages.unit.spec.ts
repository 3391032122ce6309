import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveWebClient } from '../../platform/http/web-client.js';
import { portalPages } from './portal-pages.js';

/**
 * The public pages drawn by the server (issue 23 review): a built client with a portal renderer that writes its data
 * as JSON, and the open/secure calls the pages ask answered by stubs (an IT dealer signed in with `SESSION=dealer`).
 */
const RENDERER = `export const PORTAL_DATA_ID = 'portal-data'; export const PORTAL_ROOT_ID = 'portal';
export const MARKET_COOKIE = 'portal-market'; export const LANGUAGE_COOKIE = 'portal-language';
export function renderPortal(data) { return '<pre>' + JSON.stringify({ page: data.page, market: data.market, language: data.language, partners: data.partners.map((p) => p.idTemplate) }).replace(/</g, '') + '</pre>'; }`;

const partner = (idTemplate: string, idMarket: string) => ({
  idTemplate, auctionName: idTemplate, idMarket, largeLogo: null, smallLogo: null, description: null, commercialInfoPhone: null,
  commercialInfoEmail: null, vatCode: null, auctioneerRating: 4, numFeedback: 2,
});

async function stubApi(fastify: FastifyInstance): Promise<void> {
  const dealer = (cookie: string | undefined) => cookie === 'dealer';
  fastify.get('/api/v1/secure/user', async (request, reply) => (dealer(request.cookies.SESSION)
    ? { idUser: 'u1', idMarket: 'IT', roles: ['BUYER'] } : reply.code(401).send({ errorCode: 401000 })));
  fastify.get('/api/v1/secure/partners', async (request, reply) => (dealer(request.cookies.SESSION)
    ? { items: [partner('T-IT', 'IT')], total: 1, limit: 100, offset: 0 } : reply.code(401).send({ errorCode: 401000 })));
  fastify.get('/api/v1/open/geolocation', async () => ({ value: null }));
  fastify.get('/api/v1/open/info', async (request) => {
    const market = (request.query as { market: string }).market;
    return { market, languages: [], totalVehicleAwarded: 0, totalVehicleAwardedShown: 190000, monthAuctions: 0, awardedVehicleMonth: 0, users: 0,
      partners: market === 'IT' ? 1 : 0, showPartners: market === 'IT', showAppLinks: false, topCmsLanguages: [] };
  });
  fastify.get('/api/v1/open/partners', async (request) => {
    const market = (request.query as { market: string }).market;
    return { items: market === 'IT' ? [partner('T-IT', 'IT')] : [], total: market === 'IT' ? 1 : 0, limit: 100, offset: 0 };
  });
}

function shown(body: string): { page: string; market: string; language: string; partners: string[] } {
  return JSON.parse(/<pre>(.*?)<\/pre>/s.exec(body)![1]!) as never;
}

describe('portalPages (issue 23 review)', () => {
  let dist: string;
  let fastify: FastifyInstance;
  const imported: string[] = [];
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'portal-pages-'));
    dist = join(web, 'dist');
    mkdirSync(dist);
    mkdirSync(join(web, 'dist-ssr'));
    const page = '<!doctype html>\n<html lang="en">\n<head>\n</head>\n<body>\n</body>\n</html>\n';
    writeFileSync(join(dist, 'index.html'), page.replace('<body>', '<body><div id="root"></div>'));
    writeFileSync(join(dist, 'portal.html'), page);
    writeFileSync(join(web, 'dist-ssr', 'portal-server.js'), RENDERER);
    fastify = Fastify();
    await fastify.register(fastifyCookie);
    await stubApi(fastify);
    const settings = { contactMail: 'm@x.example', contactPhone: '1', leasingUrl: 'https://l.example', appStoreUrl: 'https://a.example', googlePlayUrl: 'https://g.example' };
    // Jest's module loader keeps one module per path whatever the query (Node keeps one per URL): the file's text as a data URL.
    const importModule = (url: string) => {
      imported.push(url);
      return import(`data:text/javascript,${encodeURIComponent(readFileSync(fileURLToPath(url.split('?')[0]!), 'utf8'))}`);
    };
    await serveWebClient(fastify, dist, { pages: [portalPages(fastify, dist, settings, importModule)] });
    await fastify.ready();
  });
  afterAll(async () => {
    await fastify.close();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  it('names the page\'s language by the code of the text it shows: Belgian Dutch is nl (be is Belarusian), Luxembourg\'s French fr', async () => {
    for (const [url, language, htmlLang] of [['/be', 'be', 'nl'], ['/lu', 'lu', 'fr'], ['/it', 'it', 'it']] as const) {
      const answer = await fastify.inject({ method: 'GET', url, headers: { cookie: `portal-language=${language}` } });
      expect(answer.statusCode).toBe(200);
      expect({ url, lang: /<html lang="([^"]*)">/.exec(answer.body)?.[1] }).toEqual({ url, lang: htmlLang });
      expect(shown(answer.body).language).toBe(language);
    }
  });

  it('shows a signed-in dealer the partner its home links to, whatever market the portal last showed', async () => {
    const answer = await fastify.inject({ method: 'GET', url: '/partner?idTemplate=T-IT', headers: { cookie: 'SESSION=dealer; portal-market=DE' } });
    expect(answer.statusCode).toBe(200);
    expect(shown(answer.body).partners).toContain('T-IT');
    // A visitor of another market still gets that market's partners.
    const visitor = await fastify.inject({ method: 'GET', url: '/partner?idTemplate=T-IT', headers: { cookie: 'portal-market=DE' } });
    expect(shown(visitor.body)).toMatchObject({ market: 'DE', partners: [] });
  });

  it('draws with the renderer of the build on disk: a rebuild while serving is used at once, a broken one is tried again', async () => {
    const file = join(dist, '..', 'dist-ssr', 'portal-server.js');
    const rebuilt = (source: string, seconds: number) => { writeFileSync(file, source); utimesSync(file, seconds, seconds); };
    expect((await fastify.inject({ method: 'GET', url: '/it' })).body).toContain('<pre>');
    rebuilt(RENDERER.replace("'<pre>'", "'<pre data-build=\"2\">'").replace(/<\/pre>/, '</pre>'), 2_000_000_000);
    expect((await fastify.inject({ method: 'GET', url: '/it' })).body).toContain('data-build="2"');
    // A renderer that cannot be loaded (a build being written): the plain page, and the next build is taken up.
    rebuilt('export const broken = ;', 2_000_000_100);
    expect((await fastify.inject({ method: 'GET', url: '/it' })).body).toContain('<div id="root">');
    rebuilt(RENDERER, 2_000_000_200);
    expect((await fastify.inject({ method: 'GET', url: '/it' })).body).toContain('<pre>{');
    // Each build imported once, under its own URL (Node's module cache holds one module per URL).
    expect(imported.slice(-3).map((u) => u.split('?build=')[1])).toEqual(['2000000000000', '2000000100000', '2000000200000']);
  });
});
