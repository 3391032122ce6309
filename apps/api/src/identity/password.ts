import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { concurrencyLimit } from '../platform/engine/bounded.js';

/**
 * Password hashing with scrypt. A hash is stored as `scrypt$N$r$p$salt$key` (salt and key base64url), so its
 * parameters travel with it: a hash made with weaker parameters than the current ones still verifies, and is
 * replaced at the next successful login (see {@link needsRehash}).
 */

/** log2 of scrypt's N by default: N = 2^17, r = 8, p = 1 is OWASP's minimum for scrypt. */
export const DEFAULT_PASSWORD_HASH_COST = 17;
/** The lowest cost `PASSWORD_HASH_COST` may choose (tests and the bench lower it for speed; never below 2^14). */
export const MIN_PASSWORD_HASH_COST = 14;
/** The highest cost accepted, here and in stored hashes (2^20 needs 1 GiB per hash). */
export const MAX_PASSWORD_HASH_COST = 20;

const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

interface Params {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** scrypt's working memory is 128·N·r bytes (plus 128·r·p); anything above it makes Node refuse the call. */
function maxmem({ N, r, p }: Params): number {
  return 128 * r * (N + p + 2) + 1024 * 1024;
}

// Each hash holds 128 MiB for ~0.3 s at the default cost and runs on libuv's small thread pool: a few at a
// time bound the memory and leave the pool to file and DNS work.
const SLOTS = Math.max(1, Math.min(2, availableParallelism()));
const inSlot = concurrencyLimit(SLOTS);

async function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  return inSlot(() => new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: maxmem(params) }, (err, key) => (err ? reject(err) : resolve(key))),
  ));
}

function paramsOf(cost: number): Params {
  if (!Number.isInteger(cost) || cost < MIN_PASSWORD_HASH_COST || cost > MAX_PASSWORD_HASH_COST) {
    throw new Error(`password hash cost must be an integer from ${MIN_PASSWORD_HASH_COST} to ${MAX_PASSWORD_HASH_COST}, not ${cost}`);
  }
  return { N: 2 ** cost, r: R, p: P };
}

interface ParsedHash extends Params {
  readonly salt: Buffer;
  readonly key: Buffer;
}

/** The parts of a stored hash, or null when it is not one this code made (or asks for absurd resources). */
function parse(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || rest.length > 0) return null;
  const N = Number(n);
  const params = { N, r: Number(r), p: Number(p) };
  const log2 = Math.log2(N);
  if (!Number.isInteger(log2) || log2 < 1 || log2 > MAX_PASSWORD_HASH_COST) return null;
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > 32 || !Number.isInteger(params.p) || params.p < 1 || params.p > 16) return null;
  return { ...params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** Hashes a password with scrypt (N = 2^cost, r = 8, p = 1) and a random salt of its own: `scrypt$N$r$p$salt$key`. */
export async function hashPassword(password: string, cost: number = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const params = paramsOf(cost);
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Checks a password against a stored hash in constant time. A hash that cannot be parsed costs one scrypt at
 * `cost` too, and is never a match.
 */
export async function verifyPassword(password: string, stored: string, cost: number = DEFAULT_PASSWORD_HASH_COST): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return verifyWithoutHash(password, cost);
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * Spends what a verification at `cost` spends, for a login that has no hash to check (an unknown username, a
 * user without a password), so that the answer's timing does not tell which usernames exist. Always false.
 */
export async function verifyWithoutHash(password: string, cost: number = DEFAULT_PASSWORD_HASH_COST): Promise<false> {
  await derive(password, DUMMY_SALT, paramsOf(cost));
  return false;
}

const DUMMY_SALT = randomBytes(SALT_LENGTH);

/** True when a stored hash was made with weaker parameters than `cost` asks for (or is not ours): rehash it. */
export function needsRehash(stored: string, cost: number = DEFAULT_PASSWORD_HASH_COST): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const wanted = paramsOf(cost);
  return parsed.N < wanted.N || parsed.r < wanted.r || parsed.p < wanted.p || parsed.key.length < KEY_LENGTH || parsed.salt.length < SALT_LENGTH;
}
