import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  formatCalendarDate, formatDateTimeIn, formatMoney, formatNumber, isLanguage, resourceLanguageOf, resources, timeZoneOfMarket, type Language,
} from '@auction/i18n';
import { escapeHtml, fillText } from '@auction/mail';
import type { FirstScreen, FirstScreenPage } from '../../platform/http/app-page.js';
import { askOwnApi } from '../../platform/http/own-api.js';

const S = '/api/v1/secure';
/** Lots drawn in the first screen: a desktop's first screen of rows (a phone shows one or two). */
export const FIRST_SCREEN_LOTS = 8;
/** Lots whose thumbnail is asked for at once, at high priority (those in a phone's first screen); the rest lazily. */
const EAGER_THUMBS = 2;

interface Profile { readonly roles?: readonly string[]; readonly preferredLanguage?: string | null }
interface PreviewLot {
  readonly idLot: string; readonly lotNumber: number; readonly licensePlate: string; readonly brand: string; readonly model: string;
  readonly basePrice: number; readonly bestOffer: number | null; readonly offersCount: number; readonly status: string;
  readonly myBestOffer?: number | null; readonly leading?: boolean; readonly idCoverPhoto?: string | null;
  readonly firstRegistration?: string | null; readonly mileageKm?: number | null; readonly fuel?: string | null;
}
interface PreviewAuction {
  readonly auctionName: string; readonly idMarket: string; readonly status: string; readonly startDate: string; readonly endDate: string;
  readonly regulationRequired?: boolean; readonly lots: readonly PreviewLot[];
}

/**
 * The page of lots the client asks for on this address (`apps/web/src/api/early-gets.ts`, `auctionFullUrl`): `limit`
 * and `offset` as whole numbers, nothing else in the query; null when the client would ask for something else.
 */
export function auctionFullUrl(idAuction: string, search: URLSearchParams): string | null {
  const params = new URLSearchParams({ idAuction });
  for (const name of ['limit', 'offset']) {
    const value = search.get(name);
    if (value !== null) {
      if (!/^\d{1,7}$/.test(value)) return null;
      params.set(name, String(Number(value)));
    }
  }
  return [...search.keys()].every((k) => k === 'limit' || k === 'offset') ? `${S}/auctionFull?${params.toString()}` : null;
}

/** The language of the first screen: the user's preferred one, else the browser's first the portal offers, else English. */
export function firstScreenLanguage(profile: Profile, acceptLanguage: string | undefined): Language {
  const preferred = profile.preferredLanguage?.toLowerCase();
  if (isLanguage(preferred)) return preferred;
  for (const tag of (acceptLanguage ?? '').split(',')) {
    const code = tag.split(';')[0]!.trim().toLowerCase().split('-')[0];
    if (isLanguage(code)) return code;
  }
  return 'en';
}

/** The thumbnail of a lot's cover photo. */
const thumbUrl = (idPhoto: string) => `${S}/image?idImage=${encodeURIComponent(idPhoto)}&size=thumb`;

/** The thumbnails of a phone's first screen, fetched before anything else. */
export function eagerThumbs(auction: PreviewAuction): string[] {
  return auction.lots.slice(0, EAGER_THUMBS).flatMap((lot) => (lot.idCoverPhoto ? [thumbUrl(lot.idCoverPhoto)] : []));
}

const dash = '–';
function dayText(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? formatCalendarDate({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }) : day;
}

/**
 * The live page's first screen as the client draws it (`LiveAuction`, `LotRow`: the same classes, so the same
 * stylesheet lays it out on a phone and a desktop): the auction's head and its first lots with thumbnail, key data,
 * figures and states. Static: no link, no button, no countdown (those come with the client, a second later). It is the
 * page's `<main>` until then, read by a screen reader like any page (the client draws its own `<main>` in the frame
 * that removes it).
 */
export function liveFirstScreenHtml(auction: PreviewAuction, language: Language): string {
  const texts = resources[resourceLanguageOf(language)];
  const a = texts.auction;
  const e = escapeHtml;
  const money = (value: number | null | undefined) => (typeof value === 'number' ? formatMoney(value, language) : dash);
  const zone = timeZoneOfMarket(auction.idMarket);
  const status = (code: string) => (texts.common.status as Record<string, string>)[code] ?? code;
  const head = [
    `<h1>${e(auction.auctionName)}</h1>`,
    `<span class="badge badge-${e(auction.status)}">${e(status(auction.status))}</span>`,
    auction.status === 'SCH' ? `<span class="muted">${e(fillText(a.page.starts, { date: formatDateTimeIn(auction.startDate, zone) }))}</span>` : '',
    `<span class="muted">${e(fillText(a.page.ends, { date: formatDateTimeIn(auction.endDate, zone) }))}</span>`,
    auction.regulationRequired ? `<span class="badge badge-SCH">${e(a.page.regulationRequired)}</span>` : '',
  ].join('');
  const columns = [a.lot.number, a.lot.plate, a.lot.vehicle, a.lot.base, a.lot.best, a.lot.offers, a.lot.mine, a.lot.state, a.lot.status];
  const numeric = new Set([3, 4, 5, 6]);
  const thead = `<thead><tr>${columns.map((c, i) => `<th scope="col"${numeric.has(i) ? ' class="num"' : ''}>${e(c)}</th>`).join('')}</tr></thead>`;
  const rows = auction.lots.slice(0, FIRST_SCREEN_LOTS).map((lot, index) => {
    const keys = [
      lot.firstRegistration ? dayText(lot.firstRegistration) : null,
      typeof lot.mileageKm === 'number' ? fillText(a.vehicle.km, { km: formatNumber(lot.mileageKm, language, 0) }) : null,
      lot.fuel ? (a.vehicle.fuels as Record<string, string>)[lot.fuel] ?? lot.fuel : null,
    ].filter((text): text is string => text !== null);
    const thumb = lot.idCoverPhoto
      ? `<img class="lot-photo" src="${e(thumbUrl(lot.idCoverPhoto))}" alt="" width="96" height="64" `
        + (index < EAGER_THUMBS ? 'fetchpriority="high"' : 'loading="lazy" fetchpriority="low"')
        // `elementtiming`: the browser reports when the photo is painted (Element Timing), which the first-load test reads.
        + ` elementtiming="first-thumb" data-first-thumb="${e(lot.idLot)}">`
      : `<span class="lot-photo lot-photo-none" data-first-thumb="${e(lot.idLot)}"></span>`;
    const mine = lot.status !== 'RUN' ? null : typeof lot.myBestOffer !== 'number' ? 'noOffer' : lot.leading ? 'leading' : 'outbid';
    const cell = (label: string, content: string, className?: string) =>
      `<td${className ? ` class="${className}"` : ''} data-label="${e(label)}">${content}</td>`;
    return `<tr data-first-lot="${e(lot.idLot)}">${[
      cell(a.lot.number, String(lot.lotNumber)),
      cell(a.lot.plate, `<span class="plate">${e(lot.licensePlate)}</span>`),
      cell(a.lot.vehicle, `<span class="lot-card">${thumb}<span><span class="first-name">${e(`${lot.brand} ${lot.model}`)}</span>`
        + (keys.length > 0 ? `<span class="muted small lot-keys">${e(keys.join(' · '))}</span>` : '') + '</span></span>', 'wide'),
      cell(a.lot.base, `<span class="money">${e(money(lot.basePrice))}</span>`, 'num'),
      cell(a.lot.best, `<strong><span class="money">${e(money(lot.bestOffer))}</span></strong>`, 'num'),
      cell(a.lot.offers, String(lot.offersCount), 'num'),
      cell(a.lot.mine, `<span class="money">${e(money(lot.myBestOffer))}</span>`, 'num'),
      cell(a.lot.state, mine ? `<span class="badge badge-${mine}">${e((a.my as Record<string, string>)[mine]!)}</span>` : ''),
      cell(a.lot.status, `<span class="badge badge-${e(lot.status)}">${e(status(lot.status))}</span>`),
    ].join('')}</tr>`;
  }).join('');
  return `<main class="app-main"><section><div class="page-head">${head}</div>`
    + `<div class="table-wrap"><table class="grid responsive lots-live">${thead}<tbody>${rows}</tbody></table></div></section></main>`;
}

/**
 * The live auction page (`/live-auction/{idAuction}`) drawn by the server for a dealer: the session (`GET /user`) and
 * the page of lots (`GET /auctionFull`) are asked of the API's own routes with the request's cookies (`inject`: the
 * same guards, the same answers, nothing decided here), handed to the client as its first answers, and the first lots
 * drawn as HTML. Anything else (no session, not a dealer, an auction the dealer may not see, an odd query) is the plain
 * page, and the client does what it does today.
 */
export function liveFirstScreen(fastify: FastifyInstance): FirstScreenPage {
  const ask = (request: FastifyRequest, url: string) => askOwnApi(fastify, request, url);
  return {
    path: /^\/live-auction\/([^/?#]+)\/?$/,
    async render(request, match): Promise<FirstScreen | null> {
      if (!request.headers.cookie) return null;
      let idAuction: string;
      try {
        idAuction = decodeURIComponent(match[1]!);
      } catch {
        return null;
      }
      const auctionUrl = auctionFullUrl(idAuction, new URLSearchParams(request.url.split('?')[1] ?? ''));
      if (!auctionUrl) return null;
      const user = await ask(request, `${S}/user`);
      if (user.status !== 200) return null;
      const profile = JSON.parse(user.body) as Profile;
      // The client sends any other role to the auction's details page: no first screen to draw.
      if (!profile.roles?.includes('BUYER')) return null;
      const auction = await ask(request, auctionUrl);
      if (auction.status !== 200) return null;
      const language = firstScreenLanguage(profile, request.headers['accept-language']);
      const view = JSON.parse(auction.body) as PreviewAuction;
      return { answers: { user, auction }, html: liveFirstScreenHtml(view, language), language, preloadImages: eagerThumbs(view) };
    },
  };
}
