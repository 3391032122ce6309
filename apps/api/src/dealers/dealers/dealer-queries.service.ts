import { Inject, Injectable } from '@nestjs/common';
import {
  API_ERROR_CODES, DAC_MAX_ROWS, type AdminDealerDetail, type AdminDealerPage, type AdminDealerReference, type AdminDealerRow, type DealerDacRow,
  type DealerAuctioneerQuery, type DealerPickerItem, type DealerPickerPage, type DealerToConfigureQuery, type AdminDealerSearchQuery,
} from '@auction/contracts';
import { DEALER_DOCUMENT_KINDS, streamId, type KnownDealer, type Market } from '@auction/domain';
import { AccountsService } from '../../identity/accounts/accounts.service.js';
import type { Actor } from '../../identity/actor.js';
import { CREDENTIAL_STORE, type CredentialStore } from '../../identity/credential-store.port.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { FANOUT } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { assertInScope, scopedMarkets } from '../../identity/admin-scope.js';
import { DealerIndex } from './dealer-index.js';
import { DEALER_FROM, dataOf, dealerOrder, dealerRowOf, dealerWhere, type DealerFilter, type DealerPaging, type DealerSearchRow } from './dealer-search.js';

/** Most rows one CSV export holds (a bigger one is cut there; the screen's count says how many there are). */
export const MAX_EXPORT_ROWS = 10_000;

/** Injection token of the dealers' SQL index. */
export const DEALER_INDEX = Symbol('DEALER_INDEX');

/** The index on the read models' connection (PostgreSQL in server mode, PGlite embedded). */
export const dealerIndexProvider = {
  provide: DEALER_INDEX,
  useFactory: (fanout: Fanout, model: LiveReadModel) => new DealerIndex(fanout.db, model),
  inject: [FANOUT, LiveReadModel],
};

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * What the dealers back-office reads (spec 02 §7): the searches (filtered, sorted and paged in SQL over the dealer
 * index joined with the business data), one dealer with its documents and users, the DAC list, the dealers to
 * configure and the pickers. Lists show the caller's markets only; one-dealer reads outside them are 403021.
 */
@Injectable()
export class DealerQueries {
  constructor(
    @Inject(DEALER_INDEX) private readonly index: DealerIndex,
    @Inject(FANOUT) private readonly fanout: Fanout,
    private readonly model: LiveReadModel,
    private readonly accounts: AccountsService,
    @Inject(CREDENTIAL_STORE) private readonly credentials: CredentialStore,
  ) {}

  /** A page of dealers of the caller's markets. */
  async search(actor: Actor, query: AdminDealerSearchQuery | DealerToConfigureQuery, fixed: Partial<DealerFilter> = {}): Promise<AdminDealerPage> {
    const { limit, offset, sortField, sortOrder, idMarket, ...rest } = query;
    const filter: DealerFilter = { ...rest, ...fixed, markets: scopedMarkets(actor, idMarket) } as DealerFilter;
    const { items, total } = await this.rows(filter, { limit, offset, sortField, sortOrder });
    return { items, total, limit, offset };
  }

  /** Rows and total of a filtered, sorted page (every row when `limit` is null). */
  async rows(filter: DealerFilter, paging: DealerPaging | (Omit<DealerPaging, 'limit'> & { limit: null })): Promise<{ items: AdminDealerRow[]; total: number }> {
    await this.index.sync();
    const { sql, params } = dealerWhere(filter);
    const db = this.fanout.db;
    const [count] = await db.query<{ total: string | number }>(`SELECT count(*) AS total FROM ${DEALER_FROM} WHERE ${sql}`, params);
    const total = Number(count?.total ?? 0);
    const limit = paging.limit ?? MAX_EXPORT_ROWS;
    const found = await db.query<DealerSearchRow>(
      `SELECT d.*, p.data FROM ${DEALER_FROM} WHERE ${sql} ORDER BY ${dealerOrder(paging)} LIMIT ${Number(limit)} OFFSET ${Number(paging.offset)}`,
      params,
    );
    return { items: found.map(dealerRowOf), total };
  }

  /** How many dealers of the caller's markets wait for configuration. */
  async toConfigureCount(actor: Actor): Promise<number> {
    await this.index.sync();
    const { sql, params } = dealerWhere({ markets: scopedMarkets(actor), status: 'PENDING' });
    const [count] = await this.fanout.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM ${DEALER_FROM} WHERE ${sql}`, params);
    return Number(count?.total ?? 0);
  }

  /** The dealers sharing a VAT code (case-insensitive, exact), of the caller's markets, by id. */
  async dac(actor: Actor, vatCode: string): Promise<DealerDacRow[]> {
    const { items } = await this.rows({ markets: scopedMarkets(actor), vatCodes: [vatCode] }, { limit: DAC_MAX_ROWS, offset: 0, sortField: 'idDealer', sortOrder: 'asc' });
    return items.map((r) => ({
      sincom: r.sincom, idDealer: r.idDealer, businessName: r.businessName, address: r.address, city: r.city, status: r.status, idMarket: r.idMarket,
    }));
  }

  /** One page of the auctioneer dealers (enabled) of one market the caller manages, by business name. */
  async auctioneersOf(actor: Actor, query: DealerAuctioneerQuery): Promise<DealerPickerPage> {
    assertInScope(actor, query.market);
    const { limit, offset } = query;
    const { items, total } = await this.rows({ markets: [query.market], status: 'ENABLED', capability: 'auctioneer' }, { limit, offset, sortField: 'businessName', sortOrder: 'asc' });
    const picked = items.map((r): DealerPickerItem => ({ idDealer: r.idDealer, businessName: r.businessName, idMarket: r.idMarket, multiAuctioneer: r.capabilities.multiAuctioneer }));
    return { items: picked, total, limit, offset };
  }

  /** A dealer known to the engine and of the caller's markets (404040 unknown or deleted, 403021 outside). */
  dealer(actor: Actor, idDealer: string, options: { deleted?: boolean } = {}): KnownDealer {
    const state = this.model.dealers.get(streamId.dealer(idDealer));
    if (!state || state.status === 'NONE' || (state.status === 'DELETED' && !options.deleted)) {
      throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'unknown dealer');
    }
    assertInScope(actor, state.data.idMarket);
    return state;
  }

  /** `GET /admin/dealer`: one dealer, its business data, documents (ids to download) and users. */
  async detail(actor: Actor, idDealer: string): Promise<AdminDealerDetail> {
    const dealer = this.dealer(actor, idDealer);
    await this.index.sync();
    const [row] = await this.fanout.db.query<DealerSearchRow>(`SELECT d.*, p.data FROM ${DEALER_FROM} WHERE d.id_dealer = $1`, [idDealer]);
    if (!row) throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'unknown dealer');
    const data = dataOf(row);
    const users = this.accounts.usersOfDealer(idDealer).filter((u) => !u.deleted);
    const personal = await this.accounts.personalData.getMany('USER', users.map((u) => u.data.idUser));
    const d = dealer.data;
    return {
      ...dealerRowOf(row),
      phone: str(data.phone), mobile: str(data.mobile), website: str(data.website), regon: str(data.regon),
      typeDealerActivity: str(d.typeDealerActivity), carSold: str(d.carSold), buyingInterest: str(d.buyingInterest), language: d.language,
      referenceName: str(data.referenceName), referenceSurname: str(data.referenceSurname), referenceEmail: str(data.referenceEmail),
      referenceFCA: str(data.referenceFCA),
      consents: consentsOf(users.find((u) => u.data.idUser === d.idReferenceUser)?.data),
      documents: d.documents
        .filter((doc) => (DEALER_DOCUMENT_KINDS as readonly string[]).includes(doc.kind))
        .map(({ kind, idFile, mediaType, size, sha256 }) => ({ kind, idFile, mediaType, size, sha256 })),
      users: users.map((u) => ({
        idUser: u.data.idUser, username: u.data.username, roles: [...u.data.roles], flgEnabled: u.data.flgEnabled,
        reference: u.data.idUser === d.idReferenceUser,
        name: str(personal.get(u.data.idUser)?.name), surname: str(personal.get(u.data.idUser)?.surname),
      })),
    };
  }

  /** `GET /admin/dealer-reference`: the dealer's reference user (null fields when it has none). */
  async reference(actor: Actor, idDealer: string): Promise<AdminDealerReference> {
    const dealer = this.dealer(actor, idDealer);
    const user = this.accounts.user(dealer.data.idReferenceUser);
    const p = user ? await this.accounts.personalOf(user.data.idUser) : {};
    const hasPassword = user ? (await this.credentials.missing([user.data.idUser])).length === 0 : false;
    return {
      idDealer, idUser: user?.data.idUser ?? null, username: user?.data.username ?? null, name: str(p.name), surname: str(p.surname),
      email: str(p.email), fiscalCode: str(p.fiscalCode), birthDate: str(p.birthDate), flgEnabled: user?.data.flgEnabled ?? false,
      roles: user ? [...user.data.roles] : [], hasPassword,
    };
  }
}

/** The three privacy consents of a user, or null without one. */
function consentsOf(user: { consent1: boolean; consent2: boolean; consent3: boolean } | undefined): AdminDealerDetail['consents'] {
  return user ? { consent1: user.consent1, consent2: user.consent2, consent3: user.consent3 } : null;
}
