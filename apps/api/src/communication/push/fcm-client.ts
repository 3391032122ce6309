import { JWT } from 'google-auth-library';
import { ERROR_CODES } from '@auction/domain';

/** The fields of a Google service account key file (JSON) the client uses. */
export interface FcmServiceAccount {
  readonly type: 'service_account';
  readonly project_id: string;
  readonly private_key_id: string;
  readonly private_key: string;
  readonly client_email: string;
  readonly client_id?: string;
  /** The OAuth 2.0 token endpoint (Google's, or the local FCM-protocol test double's). */
  readonly token_uri: string;
}

/** One FCM v1 message to a device (notification shown by the OS, data read by the app). */
export interface FcmMessage {
  readonly token: string;
  readonly title: string;
  readonly body: string;
  readonly data: Readonly<Record<string, string>>;
}

/**
 * What came of one send: `sent` (FCM's message name); `unregistered` (the token is dead: drop it); `retry` (FCM did not
 * take it: throttled, unavailable, credentials to renew, or the connection never opened); `refused` (for good);
 * `uncertain` (the request may have reached FCM, e.g. a timeout after it was written: never sent again).
 */
export type FcmResult =
  | { readonly kind: 'sent'; readonly name: string }
  | { readonly kind: 'unregistered' }
  | { readonly kind: 'retry'; readonly errorCode: number; readonly retryAfterMs?: number }
  | { readonly kind: 'refused'; readonly errorCode: number }
  | { readonly kind: 'uncertain' };

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** Connection errors raised before a byte of the request left: FCM cannot have the message. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Firebase Cloud Messaging's HTTP v1 API: `POST {baseUrl}/v1/projects/{projectId}/messages:send` with an OAuth 2.0
 * access token of the service account, obtained and renewed by google-auth-library's `JWT` client (RS256 assertion,
 * scope firebase.messaging). google-auth-library 11 posts that assertion to Google's token URL whatever the key file's
 * `token_uri` says, so a request interceptor on the client's own transporter sends it to `token_uri` when that is another
 * endpoint (the local FCM-protocol test double); with Google's key files it changes nothing.
 */
export class FcmClient {
  private readonly auth: JWT;
  private readonly sendUrl: string;

  constructor(account: FcmServiceAccount, projectId: string, baseUrl: string, private readonly timeoutMs = 15_000) {
    this.auth = new JWT({ email: account.client_email, key: account.private_key, keyId: account.private_key_id, scopes: [SCOPE] });
    const tokenUri = account.token_uri;
    if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
      this.auth.transporter.interceptors.request.add({
        resolved: async (options) => {
          if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUri);
          return options;
        },
      });
    }
    this.sendUrl = `${baseUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(projectId)}/messages:send`;
  }

  async send(message: FcmMessage): Promise<FcmResult> {
    let accessToken: string;
    try {
      accessToken = (await this.auth.getAccessToken()).token ?? '';
      if (!accessToken) return { kind: 'retry', errorCode: ERROR_CODES.PUSH_FCM_AUTH };
    } catch (error) {
      // No message left: getting a token never sends one. A refused grant is the credentials'; anything else the network's.
      const status = (error as { status?: number; response?: { status?: number } }).response?.status;
      return { kind: 'retry', errorCode: status === 400 || status === 401 ? ERROR_CODES.PUSH_FCM_AUTH : ERROR_CODES.PUSH_FCM_UNAVAILABLE };
    }
    let response: Response;
    try {
      response = await fetch(this.sendUrl, {
        method: 'POST', signal: AbortSignal.timeout(this.timeoutMs),
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({
          message: {
            token: message.token, notification: { title: message.title, body: message.body }, data: message.data,
            android: { priority: 'high', notification: { click_action: 'FLUTTER_NOTIFICATION_CLICK' } },
            apns: { payload: { aps: { sound: 'default' } } },
          },
        }),
      });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      return code && NOT_SENT.has(code) ? { kind: 'retry', errorCode: ERROR_CODES.PUSH_FCM_UNAVAILABLE } : { kind: 'uncertain' };
    }
    const body = (await response.json().catch(() => null)) as { name?: string; error?: { details?: { errorCode?: string }[] } } | null;
    return this.classify(response, body);
  }

  private classify(response: Response, body: { name?: string; error?: { details?: { errorCode?: string }[] } } | null): FcmResult {
    if (response.ok && typeof body?.name === 'string') return { kind: 'sent', name: body.name };
    const fcmCode = body?.error?.details?.find((d) => typeof d.errorCode === 'string')?.errorCode;
    if (fcmCode === 'UNREGISTERED' || response.status === 404) return { kind: 'unregistered' };
    if (response.status === 401) {
      // The access token was not accepted: forget it, the next attempt fetches a new one.
      this.auth.credentials = { ...this.auth.credentials, expiry_date: 1 }; // expiring: google-auth-library fetches a new one
      return { kind: 'retry', errorCode: ERROR_CODES.PUSH_FCM_AUTH };
    }
    if (response.status === 429 || response.status >= 500) {
      const seconds = Number(response.headers.get('retry-after'));
      return { kind: 'retry', errorCode: ERROR_CODES.PUSH_FCM_UNAVAILABLE, retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined };
    }
    if (response.status === 403) return { kind: 'refused', errorCode: ERROR_CODES.PUSH_FCM_AUTH };
    return { kind: 'refused', errorCode: ERROR_CODES.PUSH_FCM_REFUSED };
  }
}
