import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 24;

/** Random base62 string; rejection sampling keeps every character equally likely. */
export function randomBase62(length = LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Record identifiers: a short type prefix and 24 random base62 characters, e.g. `usr_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62()}`;
}
