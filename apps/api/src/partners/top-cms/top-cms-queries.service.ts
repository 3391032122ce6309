import { Injectable } from '@nestjs/common';
import type { AdminTopCmsQuery, OpenTopCmsQuery, TopCmsPage, TopCmsView } from '@auction/contracts';
import { TOP_CMS, activeTopCms, type KnownTopCms, type Market } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { scopedMarkets } from '../../identity/admin-scope.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { imageView, widestWebp } from './banner-images.js';

/** The order of the home's slider and of the back-office list's default: `order`, then title, then id. */
const byOrder = (a: KnownTopCms, b: KnownTopCms) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title) || a.data.idTopCms.localeCompare(b.data.idTopCms);

/**
 * The top banners' reads, from the engine's index of the log (`LiveReadModel.topCms`, rebuilt from position 0 on every
 * start: a market has a handful of banners per language). The home's list (`open/top-cms`) and the back-office's page
 * (paged and sorted here, the caller's markets only).
 */
@Injectable()
export class TopCmsQueries {
  constructor(private readonly model: LiveReadModel) {}

  /** A banner that is not deleted; 404400 otherwise. */
  banner(idTopCms: string): KnownTopCms {
    return activeTopCms(this.model.topCms.get(`topcms-${idTopCms}`) ?? TOP_CMS.initialState);
  }

  view(idTopCms: string): TopCmsView {
    return viewOf(this.banner(idTopCms));
  }

  /** The enabled banners of a market in a language, in the slider's order. */
  open(query: OpenTopCmsQuery): TopCmsView[] {
    return this.active().filter((b) => b.data.enabled && b.data.idMarket === query.mkt && b.data.lang === query.lang).sort(byOrder).map(viewOf);
  }

  /** The languages of a market with at least one enabled banner. */
  languagesOf(market: Market): string[] {
    return [...new Set(this.active().filter((b) => b.data.enabled && b.data.idMarket === market).map((b) => b.data.lang))].sort();
  }

  /** One page of the banners of the caller's markets (`mkt`: one of them, else 403021), sorted by the server. */
  page(actor: Actor, query: AdminTopCmsQuery): TopCmsPage {
    const markets = new Set(scopedMarkets(actor, query.mkt));
    const rows = this.active().filter((b) => markets.has(b.data.idMarket) && (!query.lang || b.data.lang === query.lang));
    const sign = query.sortOrder === 'desc' ? -1 : 1;
    const value = (b: KnownTopCms): string | number => {
      switch (query.sortField) {
        case 'order': return b.data.order;
        case 'title': return b.data.title.toLowerCase();
        case 'lang': return b.data.lang;
        case 'idMarket': return b.data.idMarket;
        case 'enabled': return b.data.enabled ? 1 : 0;
      }
    };
    rows.sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return sign * (x < y ? -1 : x > y ? 1 : 0) || byOrder(a, b);
    });
    return { total: rows.length, limit: query.limit, offset: query.offset, items: rows.slice(query.offset, query.offset + query.limit).map(viewOf) };
  }

  private active(): KnownTopCms[] {
    const out: KnownTopCms[] = [];
    for (const state of this.model.topCms.values()) if (state.status === 'ACTIVE') out.push(state);
    return out;
  }
}

/** A banner as the wire shows it (spec: `imageUrl`, `imageUrlTablet`, `imageUrlMobile`, `cta`). */
export function viewOf(banner: KnownTopCms): TopCmsView {
  const d = banner.data;
  return {
    id: d.idTopCms, mkt: d.idMarket, lang: d.lang as TopCmsView['lang'], title: d.title, text: d.text, ctaLabel: d.ctaLabel, ctaUrl: d.ctaUrl, cta: d.ctaUrl,
    order: d.order, enabled: d.enabled,
    image: imageView(d.image), imageTablet: d.imageTablet ? imageView(d.imageTablet) : null, imageMobile: d.imageMobile ? imageView(d.imageMobile) : null,
    imageUrl: widestWebp(d.image), imageUrlTablet: widestWebp(d.imageTablet ?? d.image), imageUrlMobile: widestWebp(d.imageMobile ?? d.image),
  };
}
