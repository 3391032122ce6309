import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    await serveWebClient(fastify, dist, { pages: [portalPages(fastify, dist, settings)] });
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
});
