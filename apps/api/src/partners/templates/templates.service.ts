import { Inject, Injectable } from '@nestjs/common';
import {
  API_ERROR_CODES, type TemplateBuyerPage, type TemplateCreate, type TemplateEdit, type TemplateListQuery, type TemplatePage, type TemplateView,
  type UserBuyerTemplate,
} from '@auction/contracts';
import {
  TemplateRuleError, decideTemplate, isTemplateListed, mayManageTemplate, maySeeTemplate, streamId, TEMPLATE, type KnownTemplate, type Market,
  type TemplateCommand, type TemplateState, type TemplateViewer,
} from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { adminMarkets } from '../../identity/admin-scope.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { newId } from '../../platform/engine/ids.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { StreamWriter } from '../../platform/engine/stream-writer.js';
import { CLOCK, STREAM_WRITER, type Clock } from '../../platform/engine/tokens.js';
import { TemplateLogos } from './template-logos.js';

/** The viewer of the template rules for an actor. */
export function templateViewerOf(actor: Actor): TemplateViewer {
  return { roles: actor.roles, idDealer: actor.idDealer, markets: adminMarkets(actor) };
}

/** A template as the calls answer it. */
export function templateViewOf(state: KnownTemplate): TemplateView {
  return { ...state.data, status: state.status, flgEnabled: state.status === 'ENABLED' };
}

const notFound = () => new AccessError(404, API_ERROR_CODES.TEMPLATE_NOT_FOUND, 'template not found');

/**
 * Templates (partners, selling channels): written as events on `template-{idTemplate}` through the decider, read from
 * the engine's index of the log (a few hundred templates at most; lists are filtered, sorted and paged here, on the
 * server). Who may manage or see one is the domain's rule (`mayManageTemplate`, `maySeeTemplate`); a template the
 * caller may not see answers as an unknown one (404300).
 */
@Injectable()
export class Templates {
  constructor(
    private readonly model: LiveReadModel,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly logos: TemplateLogos,
  ) {}

  private state(idTemplate: string): TemplateState | undefined {
    return this.model.templates.get(streamId.template(idTemplate));
  }

  /** Every listed template (not deleted). */
  private listed(): KnownTemplate[] {
    return [...this.model.templates.values()].filter(isTemplateListed);
  }

  /** One template the caller sees, else 404300. */
  get(actor: Actor, idTemplate: string): TemplateView {
    const state = this.state(idTemplate);
    if (!maySeeTemplate(templateViewerOf(actor), state)) throw notFound();
    return templateViewOf(state);
  }

  /** The page of the templates the caller sees, filtered and sorted. */
  list(actor: Actor, query: TemplateListQuery, keep: (t: KnownTemplate) => boolean = () => true): TemplatePage {
    const viewer = templateViewerOf(actor);
    const market = query.idMarket ?? query.market;
    const name = query.templateName?.toLowerCase();
    const ids = query.ids?.length ? new Set(query.ids) : null;
    const rows = this.listed().filter((t) => maySeeTemplate(viewer, t) && keep(t)
      && (!query.idDealer || t.data.idDealer === query.idDealer) && (!market || t.data.idMarket === market)
      && (!query.provenance || t.data.provenance === query.provenance) && (!name || t.data.templateName.toLowerCase().includes(name))
      && (!ids || ids.has(t.data.idTemplate)));
    const field = query.sortField;
    const sign = query.sortOrder === 'desc' ? -1 : 1;
    const value = (t: KnownTemplate) => String(field === 'status' ? t.status : t.data[field] ?? '').toLowerCase();
    rows.sort((a, b) => sign * value(a).localeCompare(value(b)) || a.data.idTemplate.localeCompare(b.data.idTemplate));
    return { items: rows.slice(query.offset, query.offset + query.limit).map(templateViewOf), total: rows.length, limit: query.limit, offset: query.offset };
  }

  /** The enabled templates among `ids` that the caller sees (all it sees when no ids), by name. */
  enabled(actor: Actor, ids: readonly string[] | undefined): TemplateView[] {
    const viewer = templateViewerOf(actor);
    const wanted = ids?.length ? new Set(ids) : null;
    return this.listed().filter((t) => t.status === 'ENABLED' && maySeeTemplate(viewer, t) && (!wanted || wanted.has(t.data.idTemplate)))
      .sort((a, b) => a.data.templateName.localeCompare(b.data.templateName)).map(templateViewOf);
  }

  /** The enabled templates of a market (the partners' public information: name, logos, contacts). */
  ofMarket(market: Market): TemplateView[] {
    return this.listed().filter((t) => t.status === 'ENABLED' && t.data.idMarket === market)
      .sort((a, b) => a.data.templateName.localeCompare(b.data.templateName)).map(templateViewOf);
  }

  /** `POST /template`: a new template, owned by body.idDealer or the caller's dealer. */
  async create(actor: Actor, body: TemplateCreate): Promise<TemplateView> {
    const idDealer = body.idDealer ?? actor.idDealer;
    if (!idDealer) throw AccessError.role();
    const { idDealer: _owner, ...fields } = body;
    const data = {
      idTemplate: newId(), idDealer, templateName: fields.templateName, description: fields.description ?? null, largeLogo: fields.largeLogo ?? null,
      smallLogo: fields.smallLogo ?? null, commercialInfoPhone: fields.commercialInfoPhone ?? null, commercialInfoEmail: fields.commercialInfoEmail ?? null,
      vatCode: fields.vatCode ?? null, idMarket: fields.idMarket, provenance: fields.provenance ?? null,
    };
    if (!mayManageTemplate(templateViewerOf(actor), data)) throw AccessError.role();
    await this.logos.assertUsable(actor, data);
    return this.run(actor, data.idTemplate, () => ({ type: 'CreateTemplate', data, by: actor.idUser, now: this.clock.now() }), false);
  }

  /** `PUT /template`. A move to another market must be to one the caller manages too; a new logo must be the caller's upload. */
  async edit(actor: Actor, body: TemplateEdit): Promise<TemplateView> {
    const { idTemplate, ...changes } = body;
    if (changes.idMarket && !mayManageTemplate(templateViewerOf(actor), { idDealer: this.owner(idTemplate), idMarket: changes.idMarket })) throw AccessError.role();
    const current = this.state(idTemplate);
    await this.logos.assertUsable(actor, changes, current && current.status !== 'NONE' ? [current.data.largeLogo, current.data.smallLogo] : []);
    return this.run(actor, idTemplate, () => ({ type: 'EditTemplate', idTemplate, changes, by: actor.idUser, now: this.clock.now() }));
  }

  setEnabled(actor: Actor, idTemplate: string, flgEnabled: boolean): Promise<TemplateView> {
    return this.run(actor, idTemplate, () => ({ type: 'SetTemplateEnabled', idTemplate, flgEnabled, by: actor.idUser, now: this.clock.now() }));
  }

  async delete(actor: Actor, idTemplate: string): Promise<void> {
    await this.run(actor, idTemplate, () => ({ type: 'DeleteTemplate', idTemplate, by: actor.idUser, now: this.clock.now() }));
  }

  /** Enables (or not) dealers for a template: one event per dealer whose access changes. */
  async setBuyers(actor: Actor, idTemplate: string, idDealers: readonly string[], flgEnabled: boolean): Promise<TemplateView> {
    for (const idDealer of idDealers) {
      if (!this.model.dealers.has(streamId.dealer(idDealer))) throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'dealer not found');
    }
    return this.runMany(actor, idTemplate, () => [...new Set(idDealers)].map((idDealer): TemplateCommand => (
      { type: 'SetTemplateBuyer', idTemplate, idDealer, flgEnabled, by: actor.idUser, now: this.clock.now() })));
  }

  /** The dealers enabled for a template, paged by id. */
  buyers(actor: Actor, idTemplate: string, page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' }): TemplateBuyerPage {
    const state = this.state(idTemplate);
    if (!maySeeTemplate(templateViewerOf(actor), state) || !this.manages(actor, state)) throw notFound();
    const ids = page.sortOrder === 'desc' ? [...state.buyers].reverse() : state.buyers;
    const items = ids.slice(page.offset, page.offset + page.limit).map((idDealer) => {
      const dealer = this.model.dealers.get(streamId.dealer(idDealer));
      return { idTemplate, idDealer, idMarket: dealer && dealer.status !== 'NONE' ? dealer.data.idMarket : null };
    });
    return { items, total: ids.length, limit: page.limit, offset: page.offset };
  }

  /** The templates of a user's dealer's market (and those it is enabled for), each with whether its dealer is enabled. */
  ofUser(actor: Actor, idUser: string): UserBuyerTemplate {
    const idDealer = this.dealerOfUser(idUser);
    const dealer = this.model.dealers.get(streamId.dealer(idDealer));
    const market = dealer && dealer.status !== 'NONE' ? dealer.data.idMarket : null;
    const viewer = templateViewerOf(actor);
    const templates = this.listed().filter((t) => maySeeTemplate(viewer, t) && (t.data.idMarket === market || t.buyers.includes(idDealer)))
      .sort((a, b) => a.data.templateName.localeCompare(b.data.templateName))
      .map((t) => ({ idTemplate: t.data.idTemplate, templateName: t.data.templateName, idMarket: t.data.idMarket, flgEnabled: t.buyers.includes(idDealer) }));
    return { idUser, idDealer, templates };
  }

  /** The enabled templates of a market the caller sees, each with whether the dealer is enabled for it. */
  ofMarket4Dealer(actor: Actor, market: Market, idDealer: string): { idDealer: string; market: Market; templates: UserBuyerTemplate['templates'] } {
    if (!this.model.dealers.has(streamId.dealer(idDealer))) throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'dealer not found');
    const viewer = templateViewerOf(actor);
    const templates = this.listed().filter((t) => t.status === 'ENABLED' && t.data.idMarket === market && maySeeTemplate(viewer, t))
      .sort((a, b) => a.data.templateName.localeCompare(b.data.templateName))
      .map((t) => ({ idTemplate: t.data.idTemplate, templateName: t.data.templateName, idMarket: t.data.idMarket, flgEnabled: t.buyers.includes(idDealer) }));
    return { idDealer, market, templates };
  }

  /** Enables (or not) the dealer for every enabled template of the market the caller manages. */
  async setMarket(actor: Actor, market: Market, idDealer: string, flgEnabled: boolean): Promise<void> {
    const viewer = templateViewerOf(actor);
    for (const t of this.listed().filter((x) => x.status === 'ENABLED' && x.data.idMarket === market && mayManageTemplate(viewer, x.data))) {
      await this.setBuyers(actor, t.data.idTemplate, [idDealer], flgEnabled);
    }
  }

  /**
   * Rows of the buyers export, a template at a time (the CSV is written as they come): each dealer enabled for a
   * template the caller sees, of the market and template asked.
   */
  async *buyerRows(actor: Actor, filter: { market?: Market; idTemplate?: string }): AsyncGenerator<(string | null)[][]> {
    const viewer = templateViewerOf(actor);
    const templates = this.listed().filter((t) => maySeeTemplate(viewer, t) && (!filter.market || t.data.idMarket === filter.market)
      && (!filter.idTemplate || t.data.idTemplate === filter.idTemplate)).sort((a, b) => a.data.templateName.localeCompare(b.data.templateName));
    for (const t of templates) {
      yield t.buyers.map((idDealer) => {
        const dealer = this.model.dealers.get(streamId.dealer(idDealer));
        const known = dealer && dealer.status !== 'NONE' ? dealer : null;
        return [t.data.idTemplate, t.data.templateName, t.data.idMarket, idDealer, known?.data.idMarket ?? null, known?.status ?? null];
      });
    }
  }

  /** The templates a multi-auctioneer dealer sells through (those the caller sees), by name. */
  ofMultiAuctioneer(actor: Actor, idDealer: string): TemplateView[] {
    const viewer = templateViewerOf(actor);
    return this.listed().filter((t) => (t.multiAuctioneers ?? []).includes(idDealer) && maySeeTemplate(viewer, t))
      .sort((a, b) => a.data.templateName.localeCompare(b.data.templateName)).map(templateViewOf);
  }

  /** Associates a dealer with the multi-auctioneer capability with a template (or no longer); 422 when it has not the capability. */
  async linkMultiAuctioneer(actor: Actor, idTemplate: string, idDealer: string, flgEnabled: boolean): Promise<TemplateView> {
    const dealer = this.model.dealers.get(streamId.dealer(idDealer));
    if (!dealer || dealer.status === 'NONE' || dealer.status === 'DELETED') throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'dealer not found');
    if (flgEnabled && !dealer.capabilities?.multiAuctioneer) throw new AccessError(409, API_ERROR_CODES.DEALER_STATE_CONFLICT, 'the dealer is not a multi-auctioneer');
    return this.runMany(actor, idTemplate, () => [{ type: 'SetTemplateMultiAuctioneer', idTemplate, idDealer, flgEnabled, by: actor.idUser, now: this.clock.now() }]);
  }

  /** The dealer of an active user, else 404060. */
  dealerOfUser(idUser: string): string {
    const user = this.model.users.get(streamId.user(idUser));
    if (user?.status !== 'ACTIVE' || user.deleted || !user.data.idDealer) throw new AccessError(404, API_ERROR_CODES.TARGET_USER_NOT_FOUND, 'user not found');
    return user.data.idDealer;
  }

  private owner(idTemplate: string): string {
    const state = this.state(idTemplate);
    return state && state.status !== 'NONE' ? state.data.idDealer : '';
  }

  private manages(actor: Actor, state: KnownTemplate): boolean {
    return mayManageTemplate(templateViewerOf(actor), state.data) || actor.roles.includes('CUSTOMER_CENTER');
  }

  private run(actor: Actor, idTemplate: string, command: () => TemplateCommand, mustExist = true): Promise<TemplateView> {
    return this.runMany(actor, idTemplate, () => [command()], mustExist);
  }

  /**
   * One write on the template's stream: each command decided on the state the previous left. The caller must manage
   * the template as it is in the write (a template it may not see answers 404300, one it sees but may not manage 403001).
   */
  private async runMany(actor: Actor, idTemplate: string, commands: () => TemplateCommand[], mustExist = true): Promise<TemplateView> {
    const sid = streamId.template(idTemplate);
    const viewer = templateViewerOf(actor);
    let outcome;
    try {
      outcome = await this.writer.execute({
        streams: [sid],
        actor,
        metadata: { userId: actor.idUser },
        decide: (view) => {
          const current = view.state<TemplateState>(sid);
          if (mustExist) {
            if (current.status !== 'DELETED' && !maySeeTemplate(viewer, current)) throw notFound();
            if (!mayManageTemplate(viewer, current.data)) throw AccessError.role();
          }
          let state: TemplateState = current;
          const events = [];
          for (const command of commands()) {
            const decided = decideTemplate(command, state);
            for (const event of decided) state = TEMPLATE.evolve(state, event);
            events.push(...decided);
          }
          return [{ streamId: sid, events }];
        },
        reply: (view) => view.state<TemplateState>(sid),
      });
    } catch (error) {
      if (error instanceof TemplateRuleError) throw new AccessError(error.httpStatus === 404 ? 404 : 409, error.code, error.message);
      throw error;
    }
    await this.model.waitFor(outcome.position);
    const state = outcome.reply;
    if (state.status === 'NONE') throw notFound();
    return templateViewOf(state);
  }
}
