import { z } from 'zod';
import { MARKETS } from '@auction/domain';
import { Id, distinct, isCleanText } from './common.js';
import { PageQuery } from './paging.js';

/**
 * Push notifications (issue 23 item 4; spec 01 §4 "push notification: type 'test' goes home, any other type to
 * /private"): the back-office's `POST /api/v1/admin/push-notification` and its delivery states.
 */
export const PUSH_LIMITS = { title: 100, body: 1000, users: 500, dealers: 500 } as const;

/** The route a notification opens in the app (spec 01 §4): type `test` goes home, any other type to `/private`. */
export const pushRouteOf = (type: string): '/' | '/private' => (type === 'test' ? '/' : '/private');

const oneLine = (max: number) => z.string().trim().min(1).max(max).refine((s) => isCleanText(s) && !/[\r\n]/.test(s), { message: 'must be one line of text' });
const ids = (max: number, what: string) => z.array(Id).min(1).max(max).refine(distinct, { message: `must not name a ${what} twice` });

/**
 * `POST /api/v1/admin/push-notification`: title, body, type, and the recipients: users (`idUsers`), every user of some
 * dealers (`idDealers`) and/or every dealer user of a `market`; at least one. Top-level names, so the access guard's
 * market scope reads `idUsers` and `idDealers` as in every other request.
 */
export const SendPushRequest = z.object({
  title: oneLine(PUSH_LIMITS.title),
  body: z.string().trim().min(1).max(PUSH_LIMITS.body).refine(isCleanText, { message: 'must be text' }),
  /** `test` (opens home) or another lower-case word (opens `/private`), e.g. `info`, `auction`. */
  type: z.string().max(32).regex(/^[a-z][a-z0-9_-]{0,31}$/, 'must be a lower-case word'),
  idUsers: ids(PUSH_LIMITS.users, 'user').optional(),
  idDealers: ids(PUSH_LIMITS.dealers, 'dealer').optional(),
  market: z.enum(MARKETS).optional(),
}).strict().refine((r) => r.idUsers !== undefined || r.idDealers !== undefined || r.market !== undefined, {
  message: 'name at least one recipient: idUsers, idDealers or market', path: ['idUsers'],
});
export type SendPushRequest = z.infer<typeof SendPushRequest>;

/** A device's delivery: QUEUED, SENDING (FCM being called), SENT, FAILED, DROPPED (token unregistered), UNKNOWN (crash while sending: not sent again). */
export const PUSH_DELIVERY_STATES = ['QUEUED', 'SENDING', 'SENT', 'FAILED', 'DROPPED', 'UNKNOWN'] as const;
export type PushDeliveryState = (typeof PUSH_DELIVERY_STATES)[number];

/** One notification with its progress. `source`: the back-office, or an outbid notice of the auctions. */
export const PushNotificationView = z.object({
  idNotification: z.string(), title: z.string(), body: z.string(), type: z.string(), route: z.string(),
  source: z.enum(['ADMIN', 'OUTBID']), createdAt: z.string(), recipients: z.number().int(), devices: z.number().int(),
  counts: z.record(z.enum(PUSH_DELIVERY_STATES), z.number().int()),
});
export type PushNotificationView = z.infer<typeof PushNotificationView>;

export const PushNotificationPage = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int(), items: z.array(PushNotificationView) });
export type PushNotificationPage = z.infer<typeof PushNotificationPage>;

/** One device's delivery: its user (and username), the token's last characters only, the state, FCM's message name. */
export const PushDelivery = z.object({
  idUser: z.string(), username: z.string(), device: z.string(), state: z.enum(PUSH_DELIVERY_STATES), attempts: z.number().int(),
  sentAt: z.string().nullable(), errorCode: z.number().int().nullable(), fcmMessage: z.string().nullable(),
});
export type PushDelivery = z.infer<typeof PushDelivery>;
export const PushDeliveryPage = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int(), items: z.array(PushDelivery) });
export type PushDeliveryPage = z.infer<typeof PushDeliveryPage>;

/** `GET /api/v1/admin/push-notification`: newest first, paged by the server. */
export const PushNotificationQuery = PageQuery.strict();
export const PushDeliveryQuery = PageQuery.strict();
