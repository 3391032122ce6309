import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  PushDeliveryQuery, PushNotificationQuery, SendPushRequest, pushRouteOf,
  type PushDeliveryPage, type PushNotificationPage, type PushNotificationView,
} from '@auction/contracts';
import { DomainError, ERROR_CODES, MARKETS, streamId } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { adminMarkets, assertInScope } from '../../identity/admin-scope.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { parse } from '../../platform/http/validation.js';
import type { PushNotificationRecord } from './push-outbox.js';
import { PushRuntime } from './push-runtime.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The back-office's push notifications: `POST /admin/push-notification` checks the body, resolves its recipients to
 * users (the users named, every user of the dealers named, every dealer user of the market), records the notification
 * and one delivery per registered device in one transaction, and answers; the sender delivers in the background.
 */
@Injectable()
export class PushService {
  constructor(private readonly runtime: PushRuntime, private readonly model: LiveReadModel) {}

  async send(actor: Actor, body: unknown): Promise<PushNotificationView> {
    const request = parse(SendPushRequest, body);
    const idUsers = this.recipients(actor, request);
    const route = pushRouteOf(request.type);
    const id = `push-${randomUUID()}`;
    const notification: PushNotificationRecord = {
      id, title: request.title, body: request.body, type: request.type, source: 'ADMIN',
      createdBy: actor.idUser, createdAt: this.runtime.now(), recipients: idUsers.length,
      data: { type: request.type, route, click_action: route, idNotification: id },
    };
    const devices = idUsers.length === 0 ? 0 : await this.runtime.record(notification, idUsers);
    if (devices === 0) throw new DomainError('PUSH_NO_DEVICES', 'none of the recipients has a registered device');
    return this.view(notification);
  }

  async page(query: unknown): Promise<PushNotificationPage> {
    const { limit, offset } = parse(PushNotificationQuery, query, 'query');
    const page = await this.runtime.outbox.page(limit, offset);
    return { total: page.total, limit, offset, items: page.items.map((n) => this.viewOf(n, n.counts)) };
  }

  async one(actor: Actor, idNotification: string): Promise<PushNotificationView> {
    return this.view(await this.known(actor, idNotification));
  }

  async deliveries(actor: Actor, idNotification: string, query: unknown): Promise<PushDeliveryPage> {
    const { limit, offset } = parse(PushDeliveryQuery, query, 'query');
    await this.known(actor, idNotification);
    const page = await this.runtime.outbox.deliveries(idNotification, limit, offset);
    return {
      total: page.total, limit, offset,
      items: page.items.map((d) => ({
        idUser: d.idUser, username: this.usernameOf(d.idUser), device: `…${d.token.slice(-6)}`, state: d.state, attempts: d.attempts,
        sentAt: d.sentAt === null ? null : iso(d.sentAt), errorCode: d.errorCode, fcmMessage: d.fcmMessage,
      })),
    };
  }

  /** The users a request reaches: active and enabled, of the dealers and market named (scope checked: 403021). */
  private recipients(actor: Actor, request: SendPushRequest): string[] {
    const found = new Set<string>();
    for (const idUser of request.idUsers ?? []) {
      const user = this.model.users.get(streamId.user(idUser));
      if (user?.status !== 'ACTIVE') throw new AccessError(404, ERROR_CODES.PUSH_RECIPIENT_NOT_FOUND, 'recipient not found', [{ field: 'idUsers', rule: idUser }]);
      if (user.data.flgEnabled) found.add(idUser);
    }
    const dealers = new Set(request.idDealers ?? []);
    for (const idDealer of dealers) {
      const dealer = this.model.dealers.get(streamId.dealer(idDealer));
      if (!dealer || dealer.status === 'NONE') throw new AccessError(404, ERROR_CODES.PUSH_RECIPIENT_NOT_FOUND, 'recipient not found', [{ field: 'idDealers', rule: idDealer }]);
    }
    if (request.market) assertInScope(actor, request.market);
    if (dealers.size > 0 || request.market) {
      for (const user of this.model.users.values()) {
        if (user.status !== 'ACTIVE' || !user.data.flgEnabled || !user.data.idDealer) continue;
        const dealer = this.model.dealers.get(streamId.dealer(user.data.idDealer));
        const ofMarket = request.market !== undefined && dealer !== undefined && dealer.status !== 'NONE' && dealer.data.idMarket === request.market;
        if (dealers.has(user.data.idDealer) || ofMarket) found.add(user.data.idUser);
      }
    }
    return [...found].sort();
  }

  /**
   * The notification, when the caller reaches it: the one check of its detail and its deliveries. A staff user who
   * does not manage every market reaches only a notification whose every recipient is of its markets (its deliveries
   * name them); any other is answered as an unknown one (the ownership matrix: a refusal never tells it exists).
   */
  private async known(actor: Actor, idNotification: string): Promise<PushNotificationRecord> {
    const n = /^[A-Za-z0-9_-]{1,200}$/.test(idNotification) ? await this.runtime.outbox.notification(idNotification) : null;
    if (!n || !(await this.reaches(actor, n.id))) throw new DomainError('PUSH_NOTIFICATION_NOT_FOUND', 'no such push notification');
    return n;
  }

  private async reaches(actor: Actor, idNotification: string): Promise<boolean> {
    const markets = adminMarkets(actor);
    if (MARKETS.every((m) => markets.includes(m))) return true;
    for (let offset = 0; ; offset += 500) {
      const page = await this.runtime.outbox.deliveries(idNotification, 500, offset);
      for (const { idUser } of page.items) {
        const user = this.model.users.get(streamId.user(idUser));
        if (!markets.includes(user?.status === 'ACTIVE' ? user.data.idMarket ?? 'OTHER' : 'OTHER')) return false;
      }
      if (page.items.length === 0 || offset + 500 >= page.total) return true;
    }
  }

  private async view(n: PushNotificationRecord): Promise<PushNotificationView> {
    return this.viewOf(n, await this.runtime.outbox.countsOf(n.id));
  }

  private viewOf(n: PushNotificationRecord, counts: PushNotificationView['counts']): PushNotificationView {
    return {
      idNotification: n.id, title: n.title, body: n.body, type: n.type, route: pushRouteOf(n.type), source: n.source, createdAt: iso(n.createdAt),
      recipients: n.recipients, devices: Object.values(counts).reduce((a, b) => a + b, 0), counts,
    };
  }

  private usernameOf(idUser: string): string {
    const user = this.model.users.get(streamId.user(idUser));
    return user?.status === 'ACTIVE' ? user.data.username : idUser;
  }
}
