import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { newId, randomBase62 } from './ids.js';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares two hex digests without leaking, through timing, where they first differ. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** Constant-time equality of two strings (for values that are not hex digests). */
export function stringsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface IssuedSecret {
  id: string;
  /** What the holder receives, once: `<id>.<secret>`. */
  token: string;
  /** What the database keeps. */
  secretHash: string;
}

/**
 * A credential made of a public id (to find the row by index) and a 256-bit secret (checked
 * against its SHA-256 in constant time). High-entropy secrets need a fast hash, not a slow one.
 */
export function issueSecret(idPrefix: string): IssuedSecret {
  const id = newId(idPrefix);
  const secret = randomBase62(43);
  return { id, token: `${id}.${secret}`, secretHash: sha256Hex(secret) };
}

export function parseIssuedToken(token: string): { id: string; secret: string } | null {
  const match = /^([a-z]+_[0-9A-Za-z]{24})\.([0-9A-Za-z]{43})$/.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

export function secretMatches(secret: string, storedHash: string): boolean {
  return digestsEqual(sha256Hex(secret), storedHash);
}

const CIPHER = 'aes-256-gcm';
const VERSION = 'v1';

/** Encrypts a credential for storage: `v1:<iv>:<tag>:<ciphertext>`, all base64url. */
export function encryptSecret(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, key.subarray(0, 32), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

export function decryptSecret(stored: string, key: Buffer): string {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) {
    throw new Error('Unrecognised encrypted value');
  }
  const decipher = createDecipheriv(CIPHER, key.subarray(0, 32), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
