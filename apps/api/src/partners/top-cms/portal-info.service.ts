import { Inject, Injectable } from '@nestjs/common';
import { HOME_AWARDED_OFFSET, type PortalInfo } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { marketLanguages } from '@auction/i18n';
import { portalCounts } from '@auction/read-models';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { CLOCK, FANOUT, type Clock } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { TopCmsQueries } from './top-cms-queries.service.js';

/** How long one market's answer is reused: the home is called by every visitor, the numbers move slowly. */
export const PORTAL_INFO_TTL_MS = 5_000;

/**
 * `GET /open/info?market=`: what a market's home needs besides its banners (spec 01 §1-§3). The statistics are counted
 * from the read models (auctions and lots tables: awarded lots ever and in the calendar month (UTC), by the lot's close,
 * auctions starting in the month; users: the engine's index, active dealer users of the market), partners from the
 * templates, the slider's languages from the banners. One computation per market every {@link PORTAL_INFO_TTL_MS}
 * at most, shared by the calls that arrive meanwhile.
 */
@Injectable()
export class PortalInfoService {
  private readonly cache = new Map<Market, { at: number; info: Promise<PortalInfo> }>();

  constructor(
    @Inject(FANOUT) private readonly fanout: Fanout,
    private readonly model: LiveReadModel,
    private readonly banners: TopCmsQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  info(market: Market): Promise<PortalInfo> {
    const now = this.clock.now();
    const hit = this.cache.get(market);
    if (hit && now - hit.at < PORTAL_INFO_TTL_MS) return hit.info;
    const info = this.compute(market, now);
    this.cache.set(market, { at: now, info });
    info.catch(() => this.cache.delete(market));
    return info;
  }

  private async compute(market: Market, now: number): Promise<PortalInfo> {
    const day = new Date(now);
    const from = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
    const to = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1));
    const counts = await portalCounts(this.fanout.db, market, from, to);
    let users = 0;
    for (const user of this.model.users.values()) {
      if (user.status === 'ACTIVE' && !user.deleted && !user.anonymised && user.data.idMarket === market && user.data.roles.includes('BUYER')) users++;
    }
    let partners = 0;
    for (const template of this.model.templates.values()) if (template.status === 'ENABLED' && template.data.idMarket === market) partners++;
    return {
      market, languages: [...marketLanguages(market)], ...counts, totalVehicleAwardedShown: counts.totalVehicleAwarded + HOME_AWARDED_OFFSET, users,
      partners, showPartners: partners > 0 && market !== 'DE', topCmsLanguages: this.banners.languagesOf(market) as PortalInfo['topCmsLanguages'],
      showAppLinks: market === 'DE', computedAt: new Date(now).toISOString(),
    };
  }
}
