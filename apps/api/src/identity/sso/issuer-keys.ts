import { createECDH, hkdfSync } from 'node:crypto';

/** The ES256 signing key of the embedded issuer, as a private JWK. */
export interface IssuerSigningKey {
  readonly kty: 'EC';
  readonly crv: 'P-256';
  readonly d: string;
  readonly x: string;
  readonly y: string;
  readonly kid: string;
  readonly alg: 'ES256';
  readonly use: 'sig';
}

/** A key derived from the session secret for one purpose (HKDF-SHA256): the same secret gives the same key on every start and instance. */
export function derivedSecret(secret: Buffer, purpose: string, length = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `auction-portal ${purpose}`, length));
}

/**
 * The embedded issuer's ID-token signing key, derived from the session secret: a restart (or a second instance) signs
 * and verifies with the same key, so an ID token kept for logout (`id_token_hint`) stays valid. P-256 private scalars
 * are 32 random-looking bytes below the group order; HKDF output above it (probability ~2^-32) is rehashed.
 */
export function issuerSigningKey(secret: Buffer): IssuerSigningKey {
  for (let round = 0; ; round++) {
    const d = derivedSecret(secret, `oidc signing key ${round}`);
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(d);
      const point = ecdh.getPublicKey(); // 0x04 | x | y
      const x = point.subarray(1, 33).toString('base64url');
      const y = point.subarray(33, 65).toString('base64url');
      return { kty: 'EC', crv: 'P-256', d: d.toString('base64url'), x, y, kid: derivedSecret(secret, 'oidc key id', 9).toString('base64url'), alg: 'ES256', use: 'sig' };
    } catch {
      // d outside [1, n-1]: try the next derivation
    }
  }
}
