import { PushDeliveryPage, PushNotificationPage, PushNotificationView, SendPushRequest } from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

const DELIVERY =
  'Delivered in the background, never within this request, through Firebase Cloud Messaging\'s HTTP v1 API (POST {FCM_BASE_URL}/v1/projects/{FCM_PROJECT_ID}/messages:send, OAuth 2.0 bearer token of the FCM_SERVICE_ACCOUNT; unset: the local FCM-protocol test double, as FCM cannot be reached from this machine), one message per registered device (POST /api/v1/mobile/fcm-token): notification {title, body}, data {type, route, click_action, idNotification}; route is "/" for type test and "/private" for any other (spec 01 §4; the web client follows a tapped notification by its type, from the mobile shell\'s window event auction:push-notification). ' +
  'Each device\'s delivery is QUEUED, then SENDING (recorded before FCM is called), then SENT (FCM\'s message name kept), DROPPED (FCM answered UNREGISTERED: the token is forgotten, 404412; or the token left its user: logout, moved, erased), FAILED (502410 unavailable through 6 attempts with back-off and Retry-After, 502411 refused, 502412 credentials) or UNKNOWN (409410: the sender stopped while FCM was being called; never sent twice, so not sent again).';

/** OpenAPI entries of the push notifications. */
export const PUSH_ROUTE_DOCS: readonly RouteDoc[] = [
  ['post', '/api/v1/admin/push-notification', `Send a push notification: title (one line, 100), body (1,000), type (a lower-case word: test, info, ...) and the recipients, at least one of idUsers (1-500 users), idDealers (1-500 dealers: every enabled user of each) and market (every enabled dealer user of that market). The users and dealers named must be of the caller's markets (403021, the access guard's market scope), as must the market; an unknown one 404411 (details name it); none of them with a registered device 422410 (nothing recorded). Bad input 400001 with details. 202 with the notification and its device counts. ${DELIVERY}`,
    'ADMIN, CUSTOMER_CENTER', SendPushRequest, PushNotificationView],
  ['get', '/api/v1/admin/push-notification', 'The push notifications (the back-office\'s and the outbid notices sent as pushes), newest first, paged by the server (limit 1-100, default 50; offset), each with its devices counted by delivery state.',
    'ADMIN, CUSTOMER_CENTER', undefined, PushNotificationPage],
  ['get', '/api/v1/admin/push-notification/{idNotification}', 'One push notification with its devices counted by delivery state. Unknown 404410; so is one that reached a user outside the markets of a caller who does not manage every market (its detail and deliveries alike).', 'ADMIN, CUSTOMER_CENTER', undefined, PushNotificationView],
  ['get', '/api/v1/admin/push-notification/{idNotification}/deliveries', `Each device's delivery: user, username, the token's last 6 characters, state, attempts, sentAt, errorCode, FCM's message name; by user, paged (limit 1-100, offset). Unknown 404410. ${DELIVERY}`,
    'ADMIN, CUSTOMER_CENTER', undefined, PushDeliveryPage],
];
