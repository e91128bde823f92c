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

// The last time and counter newOrderedId used: ids minted in the same millisecond count up.
let lastMs = 0;
let counter = 0;

/**
 * Record identifiers that sort in the order this process made them: the prefix, the time in
 * milliseconds and a counter (13 characters of 0-9a-z, which every collation orders alike), then
 * 20 random base62 characters. Streams order items by (created_at, id): two items written with one
 * timestamp by two separate writes (heartbeats timed by the service's clock) then arrive in the
 * order they were written, and a stream that has sent the first cannot skip the second.
 *
 * Records written in volume (event batches' usage, request, log and activity rows) take them for
 * their index: a primary key of ids that rise with time grows at its right edge, where
 * PostgreSQL adds an entry without searching the tree, where random ids land each on a page of
 * their own (a seventh less database CPU per spec event batch, docs/performance.md).
 */
export function newOrderedId(prefix: string): string {
  const now = Date.now();
  // A clock that steps back keeps counting from the last time, so the order still holds.
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else counter += 1;
  const time = lastMs.toString(36).padStart(9, '0');
  return `${prefix}_${time}${counter.toString(36).padStart(4, '0')}${randomBase62(20)}`;
}
