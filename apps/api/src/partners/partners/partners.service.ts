import { Injectable } from '@nestjs/common';
import type { OpenPartnersQuery, Partner, PartnerPage, PartnersQuery } from '@auction/contracts';
import { streamId, templateOpenTo, type KnownTemplate, type Market } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { PartnerRatings } from '../ratings/partner-ratings.js';

/**
 * The partners (spec 01 §2 partner page and carousel, §3 "Partner"): the enabled templates as the public sees them, each
 * with its rating, read from the engine's index (a market holds a few dozen templates: filtered, sorted and paged here,
 * on the server). A disabled or deleted template is no partner.
 */
@Injectable()
export class Partners {
  constructor(private readonly model: LiveReadModel, private readonly ratings: PartnerRatings) {}

  /** `GET /open/partners`: the enabled templates of a market. */
  ofMarket(query: OpenPartnersQuery): PartnerPage {
    return this.page((t) => t.data.idMarket === query.market, query);
  }

  /**
   * `GET /secure/partners`, `/mobile/partners`: the enabled templates of the caller's market (its profile's: the call
   * takes no market) and, of other markets, those its dealer is enabled for.
   */
  forCaller(actor: Actor, query: PartnersQuery): PartnerPage {
    const user = this.model.users.get(streamId.user(actor.idUser));
    const market: Market | null = user?.status === 'ACTIVE' ? user.data.idMarket : null;
    return this.page((t) => t.data.idMarket === market || templateOpenTo(t, actor.idDealer), query);
  }

  private page(keep: (t: KnownTemplate) => boolean, query: PartnersQuery): PartnerPage {
    const rows: Partner[] = [];
    for (const t of this.model.templates.values()) if (t.status === 'ENABLED' && keep(t)) rows.push(this.partnerOf(t));
    const sign = query.sortOrder === 'desc' ? -1 : 1;
    const byName = (a: Partner, b: Partner) => a.auctionName.localeCompare(b.auctionName, 'en', { sensitivity: 'base' }) || a.idTemplate.localeCompare(b.idTemplate);
    const field = query.sortField;
    rows.sort((a, b) => sign * (field === 'auctionName' ? byName(a, b) : a[field] - b[field] || byName(a, b)));
    return { items: rows.slice(query.offset, query.offset + query.limit), total: rows.length, limit: query.limit, offset: query.offset };
  }

  private partnerOf(t: KnownTemplate): Partner {
    const d = t.data;
    return {
      idTemplate: d.idTemplate, auctionName: d.templateName, idMarket: d.idMarket, largeLogo: d.largeLogo, smallLogo: d.smallLogo,
      description: d.description, commercialInfoPhone: d.commercialInfoPhone, commercialInfoEmail: d.commercialInfoEmail, vatCode: d.vatCode,
      ...this.ratings.of(d.idTemplate),
    };
  }
}
