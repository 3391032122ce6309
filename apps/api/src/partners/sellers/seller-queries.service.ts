import { Injectable } from '@nestjs/common';
import { API_ERROR_CODES, type ReferenceSellerDealer, type SelectedCodes, type SellerMarketQuery, type SellerPage, type SellerView } from '@auction/contracts';
import { activeSeller, type KnownSeller, type Market } from '@auction/domain';
import { AccountsService } from '../../identity/accounts/accounts.service.js';
import type { PersonalData } from '../../identity/accounts/personal-data.js';
import { BACK_OFFICE_ROLES, hasRole, type Actor } from '../../identity/actor.js';
import { scopedMarkets } from '../../identity/admin-scope.js';
import { DealerDirectory } from '../../identity/registration/dealer-directory.service.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { SellerIndex } from './seller-index.js';

const text = (p: PersonalData | undefined, key: string): string | null => (typeof p?.[key] === 'string' && p[key] !== '' ? p[key] : null);

/**
 * The sellers' reads: one seller, a market's sellers (paged and sorted here: a market has tens of sellers, not
 * thousands), the codes the market's sellers cover, and a dealer's reference seller. The back-office's market scope is
 * the guard's (idSeller, idDealer) and `scopedMarkets` (market); a dealer reads only its own dealer's reference.
 */
@Injectable()
export class SellerQueries {
  constructor(private readonly index: SellerIndex, private readonly accounts: AccountsService, private readonly dealers: DealerDirectory) {}

  /** One seller; 404370 when unknown or deleted. */
  async view(idSeller: string): Promise<SellerView> {
    const seller = activeSeller(this.index.sellerState(idSeller));
    const personal = await this.accounts.personalData.get('SELLER', idSeller);
    return this.viewOf(seller, personal ?? undefined);
  }

  /** A page of a market's sellers (403021 for a market the caller does not manage). */
  async page(actor: Actor, query: SellerMarketQuery): Promise<SellerPage> {
    const [market] = scopedMarkets(actor, query.market);
    const sellers = this.index.sellersOf(market as Market);
    const personal = await this.accounts.personalData.getMany('SELLER', sellers.map((s) => s.data.idSeller));
    let rows = sellers.map((s) => this.viewOf(s, personal.get(s.data.idSeller)));
    const search = query.search?.toLowerCase();
    if (search) rows = rows.filter((r) => [r.name, r.surname, r.email].some((v) => v?.toLowerCase().includes(search)));
    const field = query.sortField;
    const sign = query.sortOrder === 'desc' ? -1 : 1;
    rows.sort((a, b) => {
      const x = a[field];
      const y = b[field];
      const byField = typeof x === 'number' && typeof y === 'number'
        ? x - y
        : x === null ? (y === null ? 0 : 1) : y === null ? -1 : String(x).localeCompare(String(y), undefined, { sensitivity: 'base' });
      // Blanks last whatever the order; ties by idSeller, so pages do not overlap.
      const blank = (x === null) !== (y === null);
      return (blank ? byField : sign * byField) || a.idSeller.localeCompare(b.idSeller);
    });
    return { total: rows.length, limit: query.limit, offset: query.offset, items: rows.slice(query.offset, query.offset + query.limit) };
  }

  /** The CAR_SOLD classes or COUNTRY_AREA codes the market's sellers cover, each with the sellers covering it. */
  selected(actor: Actor, market: Market, field: 'carSold' | 'areas'): SelectedCodes {
    scopedMarkets(actor, market);
    const by = new Map<string, string[]>();
    for (const seller of this.index.sellersOf(market)) {
      for (const code of seller.data[field]) by.set(code, [...(by.get(code) ?? []), seller.data.idSeller]);
    }
    const items = [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([code, idSellers]) => ({ code, idSellers: idSellers.sort() }));
    return { market, items };
  }

  /**
   * A dealer's reference seller. The back-office reads any dealer of its markets (the guard's scope); anyone else only
   * their own dealer (idDealer left out: theirs; another: 403002, before saying whether it exists), and only while the
   * market shows sellers to dealers. Unknown dealer: 404040.
   */
  async reference(actor: Actor, idDealer: string | undefined): Promise<ReferenceSellerDealer> {
    const backOffice = hasRole(actor, BACK_OFFICE_ROLES);
    const target = idDealer ?? actor.idDealer;
    if (!target) throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'you have no dealer');
    if (!backOffice && target !== actor.idDealer) throw new AccessError(403, API_ERROR_CODES.NOT_OWNER, 'only the users of this dealer or the back office may read its reference seller');
    const market = this.dealers.marketOf(target);
    if (!market) throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'unknown dealer');
    const idSeller = this.index.referenceOf(target);
    const seller = idSeller ? this.index.seller(idSeller) : null;
    if (!seller || (!backOffice && !this.index.config(market).showToDealers)) return { idDealer: target, seller: null };
    const p = (await this.accounts.personalData.get('SELLER', seller.data.idSeller)) ?? undefined;
    return {
      idDealer: target,
      seller: { idSeller: seller.data.idSeller, name: text(p, 'name'), surname: text(p, 'surname'), email: text(p, 'email'), phone: text(p, 'phone') },
    };
  }

  private viewOf(seller: KnownSeller, p: PersonalData | undefined): SellerView {
    const d = seller.data;
    return {
      idSeller: d.idSeller, idMarket: d.idMarket, name: text(p, 'name'), surname: text(p, 'surname'), email: text(p, 'email'), phone: text(p, 'phone'),
      areas: [...d.areas], carSold: [...d.carSold], dealersCount: this.index.dealersOfSeller(d.idSeller).length,
    };
  }
}
