import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * A JSON value with its HMAC-SHA256, as `<base64url body>.<base64url mac>`: what a session token and the single
 * sign-on's flow cookie carry. {@link open} answers the parsed body only when the MAC checks out (constant time);
 * the caller checks the body's shape.
 */
export class SignedJson {
  private readonly key: KeyObject;

  constructor(secret: Buffer) {
    this.key = createSecretKey(secret);
  }

  seal(value: unknown): string {
    const body = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The value of a sealed string, or null when it is malformed or its MAC does not match. */
  open(sealed: string): unknown {
    const [body, mac, extra] = sealed.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
