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
/** Before key rings: `v1:<iv>:<tag>:<ciphertext>`, made with the one ENCRYPTION_KEY of its time. */
const LEGACY = 'v1';
/** `v2:<key id>:<iv>:<tag>:<ciphertext>`: the key id says which key of the ring to use. */
const VERSION = 'v2';

/**
 * A key's id: the start of a hash of the key. Derived rather than configured, so operators keep
 * no bookkeeping, and the same key has the same id in every replica. It reveals nothing of a
 * 256-bit key.
 */
export function keyId(key: Buffer): string {
  return createHash('sha256')
    .update('groundstation:encryption-key-id:')
    .update(key.subarray(0, 32))
    .digest('hex')
    .slice(0, 12);
}

interface Ring {
  currentId: string;
  /** Every key that may decrypt, current first. */
  keys: ReadonlyMap<string, Buffer>;
}

/**
 * ENCRYPTION_KEY with the previous keys still accepted for reading. It is the current key's
 * bytes (a Buffer), so code that was handed "the encryption key" keeps working unchanged and
 * gains the older keys for decryption.
 */
export type KeyRing = Buffer & { readonly ring: Ring };

export function createKeyRing(current: Buffer, previous: readonly Buffer[] = []): KeyRing {
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...previous]) {
    if (!keys.has(keyId(key))) keys.set(keyId(key), Buffer.from(key.subarray(0, 32)));
  }
  const buffer = Buffer.from(current);
  Object.defineProperty(buffer, 'ring', { value: { currentId: keyId(current), keys } });
  return buffer as KeyRing;
}

function ringOf(key: Buffer): Ring {
  const ring = (key as Partial<KeyRing>).ring;
  return ring ?? { currentId: keyId(key), keys: new Map([[keyId(key), key.subarray(0, 32)]]) };
}

/** Encrypts a credential for storage with the ring's current key. */
export function encryptSecret(plaintext: string, key: Buffer): string {
  const ring = ringOf(key);
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, ring.keys.get(ring.currentId)!, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, ring.currentId, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

function open(key: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv(CIPHER, key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** The plaintext and the id of the key that opened it. */
export function decryptWithKeyId(
  stored: string,
  key: Buffer,
): { plaintext: string; keyId: string } {
  const ring = ringOf(key);
  const parts = stored.split(':');
  if (parts[0] === VERSION && parts.length === 5) {
    const [, id, iv, tag, body] = parts as [string, string, string, string, string];
    const found = ring.keys.get(id);
    if (!found) throw new Error(`Encrypted with key ${id}, which is not in the key ring`);
    return { plaintext: open(found, iv, tag, body), keyId: id };
  }
  if (parts[0] === LEGACY && parts.length === 4) {
    const [, iv, tag, body] = parts as [string, string, string, string];
    // A value from before key ids was made with the single key of its time: whichever key of
    // the ring that was, GCM's tag refuses every other one, so trying each is safe.
    for (const [id, candidate] of ring.keys) {
      try {
        return { plaintext: open(candidate, iv, tag, body), keyId: id };
      } catch {
        // not this key
      }
    }
    throw new Error('Encrypted with a key that is not in the key ring');
  }
  throw new Error('Unrecognised encrypted value');
}

export function decryptSecret(stored: string, key: Buffer): string {
  return decryptWithKeyId(stored, key).plaintext;
}

/** Whether a stored value is already encrypted, with key ids, under the ring's current key. */
export function encryptedWithCurrentKey(stored: string, key: Buffer): boolean {
  return stored.startsWith(`${VERSION}:${ringOf(key).currentId}:`);
}

/** The ids of the ring's keys, current first. */
export function keyRingIds(key: Buffer): string[] {
  return [...ringOf(key).keys.keys()];
}
