import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { generateKeyPairSync, randomBytes, randomUUID, verify, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { listenOn, logServerErrors } from '@auction/messaging';
import type { FcmServiceAccount } from './fcm-client.js';

/** Google's token endpoint: the `aud` google-auth-library signs into its assertion, whatever `token_uri` says. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const MESSAGE_FIELDS = new Set(['token', 'topic', 'condition', 'notification', 'data', 'android', 'apns', 'webpush', 'fcm_options']);
const RESERVED_DATA = /^(from|notification|message_type)$|^(google|gcm)\./;

/** One message the double accepted. */
export interface FcmDoubleMessage {
  readonly name: string;
  readonly projectId: string;
  readonly token: string;
  readonly notification?: { title?: string; body?: string };
  readonly data?: Record<string, string>;
  readonly android?: unknown;
  readonly apns?: unknown;
  /** The bearer token it came with (one the double's token endpoint issued, not expired). */
  readonly accessToken: string;
}

export interface FcmTestDoubleOptions {
  readonly projectId?: string;
  /** Accept any well-formed token not removed (the embedded default: any device an app registers); else only added ones. */
  readonly acceptAnyToken?: boolean;
  readonly log?: (line: string) => void;
}

/**
 * The LOCAL FCM-PROTOCOL TEST DOUBLE: Firebase Cloud Messaging itself cannot be reached from this machine, so the
 * embedded default and the tests send to this small HTTP server, which speaks the two calls the product makes as
 * Google documents them: the OAuth 2.0 token endpoint (JWT bearer grant: an RS256 assertion signed with the service
 * account's key, checked against its public key, issuer, scope, audience and lifetime) and FCM HTTP v1
 * `POST /v1/projects/{projectId}/messages:send` (bearer token checked; the message's shape checked; FCM's error bodies:
 * 404 UNREGISTERED for a device it does not know, 400 INVALID_ARGUMENT, 401 UNAUTHENTICATED, 429 QUOTA_EXCEEDED and
 * 503 UNAVAILABLE on demand through {@link failNext}). It is not FCM: nothing reaches a phone.
 */
export class FcmTestDouble {
  readonly received: FcmDoubleMessage[] = [];
  readonly projectId: string;
  /** Token requests answered (each a valid assertion). */
  tokensIssued = 0;
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly keyId = randomBytes(8).toString('hex');
  private readonly clientEmail: string;
  private readonly accessTokens = new Map<string, number>();
  private readonly devices = new Set<string>();
  private readonly removed = new Set<string>();
  private readonly failures: { status: 429 | 500 | 503; retryAfter?: number }[] = [];
  private constructor(private readonly server: Server, readonly url: string, private readonly options: FcmTestDoubleOptions) {
    this.projectId = options.projectId ?? 'auction-portal-double';
    this.clientEmail = `push-sender@${this.projectId}.iam.gserviceaccount.com`;
  }

  static async start(options: FcmTestDoubleOptions & { port?: number } = {}): Promise<FcmTestDouble> {
    let double: FcmTestDouble | null = null;
    const server = createServer((req, res) => void double?.handle(req, res).catch(() => answer(res, 500, { error: { code: 500, status: 'INTERNAL', message: 'double failed' } })));
    // It runs inside the API when FCM_SERVICE_ACCOUNT is unset: an accept failing after listen must not end the process.
    logServerErrors(server, 'FCM test double', { warn: (message, extra) => options.log?.(`${message} ${JSON.stringify(extra ?? {})}`) });
    await listenOn(server, options.port ?? 0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    double = new FcmTestDouble(server, `http://127.0.0.1:${port}`, options);
    return double;
  }

  /** A service account JSON as Google issues it, whose key is known to this double and whose `token_uri` is its own. */
  serviceAccount(): FcmServiceAccount {
    return {
      type: 'service_account', project_id: this.projectId, private_key_id: this.keyId, client_email: this.clientEmail, client_id: '100000000000000000001',
      private_key: this.keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), token_uri: `${this.url}/token`,
    };
  }

  /** A device with the app installed (its registration token is valid). */
  addDevice(token: string): void {
    this.devices.add(token);
    this.removed.delete(token);
  }

  /** The app was removed from the device: its token is UNREGISTERED from now on. */
  removeDevice(token: string): void {
    this.devices.delete(token);
    this.removed.add(token);
  }

  /** The next sends fail with these statuses (FCM's overload answers), in order. */
  failNext(...failures: { status: 429 | 500 | 503; retryAfter?: number }[]): void {
    this.failures.push(...failures);
  }

  /** Every access token issued so far is expired (the client must fetch a new one). */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', this.url).pathname;
    if (req.method === 'POST' && path === '/token') return this.token(res, new URLSearchParams(body));
    const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
    if (req.method === 'POST' && send) return this.send(req, res, decodeURIComponent(send[1]!), body);
    answer(res, 404, { error: { code: 404, status: 'NOT_FOUND', message: `no such call on the FCM test double: ${req.method} ${path}` } });
  }

  private token(res: ServerResponse, form: URLSearchParams): void {
    const refuse = (description: string) => answer(res, 400, { error: 'invalid_grant', error_description: description });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return answer(res, 400, { error: 'unsupported_grant_type', error_description: 'jwt-bearer expected' });
    const claims = verifiedJwt(form.get('assertion') ?? '', this.keys.publicKey, this.keyId);
    if (!claims) return refuse('Invalid JWT Signature.');
    const now = Math.floor(Date.now() / 1000);
    if (claims.iss !== this.clientEmail) return refuse('Invalid issuer.');
    if (claims.aud !== GOOGLE_TOKEN_URL && claims.aud !== `${this.url}/token`) return refuse('Invalid audience.');
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number' || claims.exp < now || claims.iat > now + 60 || claims.exp - claims.iat > 3600) {
      return refuse('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
    }
    if (!String(claims.scope ?? '').split(' ').includes(SCOPE)) return answer(res, 400, { error: 'invalid_scope', error_description: `scope ${SCOPE} required` });
    const accessToken = `ya29.double-${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(accessToken, Date.now() + 3600_000);
    this.tokensIssued++;
    answer(res, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  }

  private send(req: IncomingMessage, res: ServerResponse, projectId: string, raw: string): void {
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || (this.accessTokens.get(bearer) ?? 0) < Date.now()) {
      return answer(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.' } });
    }
    if (projectId !== this.projectId) return answer(res, 403, { error: { code: 403, status: 'PERMISSION_DENIED', message: `Permission denied on project ${projectId}` } });
    const failure = this.failures.shift();
    if (failure) {
      const status = failure.status === 429 ? 'RESOURCE_EXHAUSTED' : failure.status === 503 ? 'UNAVAILABLE' : 'INTERNAL';
      const errorCode = failure.status === 429 ? 'QUOTA_EXCEEDED' : failure.status === 503 ? 'UNAVAILABLE' : 'INTERNAL';
      if (failure.retryAfter !== undefined) res.setHeader('Retry-After', String(failure.retryAfter));
      return fcmError(res, failure.status, status, errorCode, 'The FCM test double is refusing on purpose (failNext).');
    }
    let message: Record<string, unknown>;
    try {
      const parsed = JSON.parse(raw) as { message?: unknown; validate_only?: unknown };
      if (!parsed || typeof parsed.message !== 'object' || parsed.message === null) throw new Error('message required');
      message = parsed.message as Record<string, unknown>;
    } catch (error) {
      return fcmError(res, 400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', `Invalid JSON payload received. ${(error as Error).message}`);
    }
    const problem = shapeProblem(message);
    if (problem) return fcmError(res, 400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', problem);
    const token = message.token as string;
    const known = this.devices.has(token) || (this.options.acceptAnyToken === true && !this.removed.has(token));
    if (!known) return fcmError(res, 404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.');
    const name = `projects/${projectId}/messages/${randomUUID()}`;
    const notification = message.notification as FcmDoubleMessage['notification'];
    this.received.push({ name, projectId, token, notification, data: message.data as Record<string, string> | undefined, android: message.android, apns: message.apns, accessToken: bearer });
    this.options.log?.(`FCM test double: accepted "${notification?.title ?? ''}" for device …${token.slice(-6)} (${name})`);
    answer(res, 200, { name });
  }
}

/** What is wrong with a v1 `message` (FCM answers INVALID_ARGUMENT), or null. */
function shapeProblem(message: Record<string, unknown>): string | null {
  for (const key of Object.keys(message)) if (!MESSAGE_FIELDS.has(key)) return `Invalid JSON payload received. Unknown name "${key}" at 'message'.`;
  if (typeof message.token !== 'string' || message.token.length === 0 || message.topic !== undefined || message.condition !== undefined) {
    return 'Exactly one of token, topic or condition is required; this product sends to tokens.';
  }
  const n = message.notification;
  if (n !== undefined) {
    if (typeof n !== 'object' || n === null) return "Invalid value at 'message.notification'.";
    for (const [k, v] of Object.entries(n)) if (!['title', 'body', 'image'].includes(k) || typeof v !== 'string') return `Invalid value at 'message.notification.${k}'.`;
  }
  const data = message.data;
  if (data !== undefined) {
    if (typeof data !== 'object' || data === null) return "Invalid value at 'message.data'.";
    for (const [k, v] of Object.entries(data)) {
      if (typeof v !== 'string') return `Invalid value at 'message.data[${k}]' (TYPE_STRING).`;
      if (RESERVED_DATA.test(k)) return `Invalid data payload key: ${k}`;
    }
  }
  if (Buffer.byteLength(JSON.stringify(message)) > 4096) return 'Message is too big (4096 bytes at most).';
  return null;
}

function verifiedJwt(jwt: string, publicKey: KeyObject, keyId: string): Record<string, unknown> | null {
  const [h, p, s] = jwt.split('.');
  if (!h || !p || !s) return null;
  try {
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; kid?: string };
    if (header.alg !== 'RS256' || (header.kid !== undefined && header.kid !== keyId)) return null;
    if (!verify('RSA-SHA256', Buffer.from(`${h}.${p}`), publicKey, Buffer.from(s, 'base64url'))) return null;
    return JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function fcmError(res: ServerResponse, code: number, status: string, errorCode: string, message: string): void {
  answer(res, code, { error: { code, message, status, details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] } });
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 65_536) chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
