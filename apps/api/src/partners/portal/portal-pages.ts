import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Market } from '@auction/domain';
import type { Partner, PortalInfo, TopCmsView } from '@auction/contracts';
import { countryName, formatNumber, marketLanguages, offeredCountries, resourceLanguageOf, resources } from '@auction/i18n';
import type { FirstScreen, FirstScreenPage, PageRedirect } from '../../platform/http/app-page.js';
import { askOwnApi } from '../../platform/http/own-api.js';
import { SESSION_COOKIE } from '../../identity/auth.guard.js';
import {
  consentCookieOf, consentOf, isMarketCode, partnerIdOf, portalLanguage, portalRoute, PORTAL_PATH, type PortalPage,
} from './portal-request.js';

/** The public pages' settings (configuration: PORTAL_CONTACT_MAIL, PORTAL_CONTACT_PHONE, LEASING_URL, APP_STORE_URL, GOOGLE_PLAY_URL). */
export interface PortalSettings {
  readonly contactMail: string; readonly contactPhone: string; readonly leasingUrl: string; readonly appStoreUrl: string; readonly googlePlayUrl: string;
}

/** The web build's server side of the public pages (`apps/web/src/portal/server.tsx`). */
interface PortalRenderer { renderPortal(data: unknown): string; PORTAL_DATA_ID: string; PORTAL_ROOT_ID: string; MARKET_COOKIE: string; LANGUAGE_COOKIE: string }

const O = '/api/v1/open';
/** The market a visitor without any sign of one gets (spec 01 §9: the default locale is it-IT). */
const DEFAULT_MARKET: Market = 'IT';

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  return (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.[name];
}

function json<T>(answer: { status: number; body: string }): T | null {
  if (answer.status !== 200) return null;
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return null;
  }
}

/** A banner as the slider needs it (the API's answer without the back-office's fields). */
function bannerOf(view: TopCmsView) {
  const image = (i: TopCmsView['image'] | null) => (i ? { sources: i.sources.map((s) => ({ url: s.url, width: s.width, type: s.type })) } : null);
  return { id: view.id, title: view.title, text: view.text, ctaLabel: view.ctaLabel, cta: view.cta, image: image(view.image)!, imageTablet: image(view.imageTablet), imageMobile: image(view.imageMobile) };
}

/**
 * The public portal's pages drawn by the server (issue 23 item 6, spec 01 §2, §4): `/` (to the visitor's market home),
 * the market homes `/it` … `/lu` and `/hp`, `/partner?idTemplate=`, `/privacy`, `/cookie`, `/company`,
 * `/why-sign-up-component`, `/contact`. Each is HTML with its data, drawn by the web build's portal renderer from the
 * answers of the API's own open calls (`/open/info`, `/open/top-cms`, `/open/partners`: the same rules as the
 * browser's calls), and taken over by the portal's own small script. A signed-in user opening `/` or `/hp` goes to
 * `/private` (the public-page guard), and one opening a market's home gets the client's page, which does the same. Without the portal's build, or on any failure, the plain client page is sent.
 */
export function portalPages(
  fastify: FastifyInstance, webDist: string, settings: PortalSettings, importModule: (url: string) => Promise<unknown> = (url) => import(url),
): FirstScreenPage {
  const ssrFile = join(webDist, '..', 'dist-ssr', 'portal-server.js');
  // The renderer of the build on disk, imported again when a rebuild changes it (as the page template is read again:
  // the old one drew markup the new page's stylesheet and script do not know); an import that failed is tried again.
  let renderer: { readonly mtimeMs: number; readonly module: Promise<PortalRenderer> } | null = null;
  const load = (): Promise<PortalRenderer> => {
    const { mtimeMs } = statSync(ssrFile);
    if (renderer?.mtimeMs !== mtimeMs) {
      const module = importModule(`${pathToFileURL(ssrFile).href}?build=${mtimeMs}`) as Promise<PortalRenderer>;
      module.catch(() => { if (renderer?.module === module) renderer = null; });
      renderer = { mtimeMs, module };
    }
    return renderer.module;
  };
  const ask = (request: FastifyRequest, url: string) => askOwnApi(fastify, request, url);
  return {
    path: PORTAL_PATH,
    async render(request, match): Promise<FirstScreen | PageRedirect | null> {
      if (!existsSync(ssrFile) || !existsSync(join(webDist, 'portal.html'))) return null;
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const route = portalRoute(match[1]);
      // A failed single sign-on lands on `/?ssoError=`: the client's login page says why.
      if (route.kind === 'root' && query.has('ssoError')) return null;
      const portal = await load();
      const signedIn = cookieOf(request, SESSION_COOKIE) !== undefined && (await ask(request, '/api/v1/secure/user')).status === 200;
      // The public-page guard (spec 01 §4): a signed-in user's home is `/private`. On a market's home the client's
      // own page goes there too, after the language guard has stored the market and switched the language.
      if (signedIn && route.kind === 'root') return { redirect: '/private' };
      if (signedIn && route.kind === 'home') return route.market === null ? { redirect: '/private' } : null;
      const chosen = cookieOf(request, portal.MARKET_COOKIE);
      let market: Market | null = route.kind === 'home' ? route.market : null;
      market ??= isMarketCode(chosen) && chosen !== 'OTHER' ? chosen : null;
      if (market === null) {
        const located = json<{ value?: unknown }>(await ask(request, `${O}/geolocation`))?.value;
        market = isMarketCode(located) && located !== 'OTHER' ? located : DEFAULT_MARKET;
      }
      if (route.kind === 'root') return { redirect: `/${market.toLowerCase()}` };
      const page: PortalPage = route.kind === 'home' ? 'home' : route.page;
      const language = portalLanguage(market, cookieOf(request, portal.LANGUAGE_COOKIE), request.headers['accept-language']);
      const info = json<PortalInfo>(await ask(request, `${O}/info?market=${market}`));
      if (!info) return null;
      const wantsBanners = page === 'home' && info.topCmsLanguages.includes(language);
      const wantsPartners = page === 'partner' || (page === 'home' && info.showPartners);
      // A signed-in user's partner page shows its own partners (`/secure/partners`: its market's and those its dealer is
      // enabled for), the list its home (`/private`) links from; the market the portal last showed may hold none of them.
      const partnersUrl = signedIn && page === 'partner' ? '/api/v1/secure/partners?limit=100' : `${O}/partners?market=${market}&limit=100`;
      const [banners, partners] = await Promise.all([
        wantsBanners ? ask(request, `${O}/top-cms?mkt=${market}&lang=${language}`).then((a) => json<TopCmsView[]>(a) ?? []) : [],
        wantsPartners ? ask(request, partnersUrl).then((a) => json<{ items: Partner[] }>(a)?.items ?? []) : [],
      ]);
      const consentCookie = consentCookieOf(market, language);
      const data = {
        page, market, language, languages: marketLanguages(market),
        countries: offeredCountries(market).map((code) => ({ code, name: countryName(code, language) })),
        texts: resources[resourceLanguageOf(language)].portal,
        banners: banners.map(bannerOf),
        figures: [
          { key: 'totalAwarded', value: info.totalVehicleAwardedShown }, { key: 'monthAuctions', value: info.monthAuctions },
          { key: 'monthAwarded', value: info.awardedVehicleMonth }, { key: 'users', value: info.users },
        ].map((f) => ({ key: f.key, value: formatNumber(f.value, language, 0) })),
        partners: partners.map((p) => ({
          idTemplate: p.idTemplate, auctionName: p.auctionName, largeLogo: p.largeLogo, smallLogo: p.smallLogo, description: p.description,
          commercialInfoPhone: p.commercialInfoPhone, commercialInfoEmail: p.commercialInfoEmail, vatCode: p.vatCode,
          auctioneerRating: p.auctioneerRating, numFeedback: p.numFeedback,
        })),
        showPartners: info.showPartners,
        idTemplate: page === 'partner' ? partnerIdOf(query) : null,
        consent: consentOf(cookieOf(request, consentCookie)), consentCookie,
        contactMail: settings.contactMail, contactPhone: settings.contactPhone,
        leasingUrl: market === 'DE' ? `${settings.leasingUrl}/${market.toLowerCase()}` : settings.leasingUrl,
        appLinks: info.showAppLinks ? { appStore: settings.appStoreUrl, googlePlay: settings.googlePlayUrl } : null,
        signedIn,
      };
      const html = `<div id="${portal.PORTAL_ROOT_ID}">${portal.renderPortal(data)}</div>`;
      // `<html lang>` names the text shown, as the private client does: `be` would be Belarusian, `lu` Luba-Katanga.
      return { file: 'portal.html', answers: {}, html, language: resourceLanguageOf(language), data: { [portal.PORTAL_DATA_ID]: data } };
    },
  };
}
