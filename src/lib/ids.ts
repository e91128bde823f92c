import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 24;

// Random bytes are drawn from the system in 4 KiB refills rather than per call: a batch of
// events mints hundreds of ids, and each system call costs more than the id itself. Every byte
// is used once.
const pool = Buffer.alloc(4096);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++]!;
}

/** Random base62 string; rejection sampling keeps every character equally likely. */
export function randomBase62(length = LENGTH): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** Record identifiers: a short type prefix and 24 random base62 characters, e.g. `usr_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62()}`;
}
