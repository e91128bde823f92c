import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.js';
import {
  decryptWithKeyId,
  encryptedWithCurrentKey,
  encryptSecret,
  keyRingIds,
} from '../../lib/crypto.js';
import { audit } from '../audit/writer.js';
import { ENCRYPTED } from '../installations/config-values.js';
import { ENCRYPTED_LOCATIONS, type EncryptedLocation } from './locations.js';

/** Values per key id in one location; `unreadable` counts values no key of the ring opens. */
export interface LocationUsage {
  location: string;
  byKey: Record<string, number>;
  unreadable: number;
}

export interface KeyUsageReport {
  currentKeyId: string;
  /** Every key of the ring, current first, with how many stored values still need it. */
  keys: Array<{ id: string; current: boolean; values: number }>;
  locations: LocationUsage[];
  unreadable: number;
}

export interface ReencryptProgress {
  location: string;
  /** Rows read in this batch and rows whose values were re-encrypted. */
  rowsRead: number;
  rowsChanged: number;
}

export interface ReencryptResult {
  batches: number;
  rowsChanged: number;
  /** Rows left alone because another writer changed them meanwhile (they hold the new key). */
  rowsSkipped: number;
  /** Rows holding a value no key of the ring opens (left as they are). */
  rowsUnreadable: number;
}

type Row = Record<string, unknown>;
type ConfigValues = Record<string, Record<string, string>>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every ciphertext of a stored value, whatever its shape. */
function ciphertexts(location: EncryptedLocation, value: unknown): string[] {
  if (location.shape === 'text') return typeof value === 'string' ? [value] : [];
  const out: string[] = [];
  for (const map of Object.values((value ?? {}) as ConfigValues)) {
    for (const item of Object.values(map ?? {})) {
      if (typeof item === 'string' && item.startsWith(ENCRYPTED))
        out.push(item.slice(ENCRYPTED.length));
    }
  }
  return out;
}

/** The value with every ciphertext not under the current key decrypted and encrypted again. */
function reencrypted(location: EncryptedLocation, value: unknown, key: Buffer): unknown {
  const renew = (stored: string) =>
    encryptedWithCurrentKey(stored, key)
      ? stored
      : encryptSecret(decryptWithKeyId(stored, key).plaintext, key);
  if (location.shape === 'text') return renew(value as string);
  const out: ConfigValues = {};
  for (const [kind, map] of Object.entries((value ?? {}) as ConfigValues)) {
    const next: Record<string, string> = {};
    for (const [name, item] of Object.entries(map ?? {})) {
      // Own properties only: field names are chosen by catalogue authors (see config-values.ts).
      Object.defineProperty(next, name, {
        value:
          typeof item === 'string' && item.startsWith(ENCRYPTED)
            ? `${ENCRYPTED}${renew(item.slice(ENCRYPTED.length))}`
            : item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    out[kind] = next;
  }
  return out;
}

/** Reads a location in key order, `batchSize` rows at a time. */
async function* batches(db: Database, location: EncryptedLocation, batchSize: number) {
  const keys = location.keyColumns.map(quote);
  const columns = [...keys, quote(location.column)].join(', ');
  let after: unknown[] | null = null;
  for (;;) {
    const conditions: string[] = [];
    if (location.where) conditions.push(location.where);
    if (after)
      conditions.push(`(${keys.join(', ')}) > (${after.map((_, i) => `$${i + 2}`).join(', ')})`);
    const rows: Row[] = await db.query<Row>(
      `SELECT ${columns} FROM ${quote(location.table)}
         ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
         ORDER BY ${keys.join(', ')} LIMIT $1`,
      [batchSize, ...(after ?? [])],
    );
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = location.keyColumns.map((c) => last[c]);
    if (rows.length < batchSize) return;
  }
}

/** Counts, per location and per key of the ring, the stored values that need that key. */
async function measureUsage(db: Database, key: Buffer, batchSize: number): Promise<KeyUsageReport> {
  const ring = keyRingIds(key);
  const currentKeyId = ring[0]!;
  const totals = new Map(ring.map((id) => [id, 0]));
  const locations: LocationUsage[] = [];
  let unreadable = 0;
  for (const location of ENCRYPTED_LOCATIONS) {
    const entry: LocationUsage = { location: location.name, byKey: {}, unreadable: 0 };
    for await (const rows of batches(db, location, batchSize)) {
      for (const row of rows) {
        for (const stored of ciphertexts(location, row[location.column])) {
          try {
            const { keyId } = decryptWithKeyId(stored, key);
            entry.byKey[keyId] = (entry.byKey[keyId] ?? 0) + 1;
            totals.set(keyId, (totals.get(keyId) ?? 0) + 1);
          } catch {
            entry.unreadable += 1;
          }
        }
      }
    }
    unreadable += entry.unreadable;
    locations.push(entry);
  }
  return {
    currentKeyId,
    keys: ring.map((id) => ({ id, current: id === currentKeyId, values: totals.get(id) ?? 0 })),
    locations,
    unreadable,
  };
}

/** A row to write: the value read, and the same value under the current key. */
interface Change {
  row: Row;
  stored: unknown;
  next: unknown;
}

/** What one run has done so far, across its batches. */
interface RunState {
  result: ReencryptResult;
  /** Keys whose values this run moved to the current key: the ones it may retire. */
  movedOff: Set<string>;
  /** Whether a batch changed something, so the run's start is recorded. */
  started: boolean;
}

/** The rows of a batch whose values are not all under the current key, re-encrypted. */
function changesOf(location: EncryptedLocation, rows: Row[], key: Buffer, run: RunState) {
  return rows.flatMap((row): Change[] => {
    const stored = row[location.column];
    if (ciphertexts(location, stored).every((c) => encryptedWithCurrentKey(c, key))) return [];
    try {
      const next = reencrypted(location, stored, key);
      for (const c of ciphertexts(location, stored))
        if (!encryptedWithCurrentKey(c, key)) run.movedOff.add(decryptWithKeyId(c, key).keyId);
      return [{ row, stored, next }];
    } catch {
      // A value whose key is not in the ring stays as it is; the report names where.
      run.result.rowsUnreadable += 1;
      return [];
    }
  });
}

/**
 * Writes a batch's changes in one transaction, each only where the row still holds what was
 * read; the run's start is recorded in the transaction of its first changing batch. Answers how
 * many rows were written.
 */
async function writeChanges(
  db: Database,
  location: EncryptedLocation,
  changes: Change[],
  start: { record: boolean; keyId: string; batchSize: number },
): Promise<number> {
  const column = sql.identifier(location.column);
  const encode = (v: unknown) =>
    location.shape === 'config-values' ? sql`${JSON.stringify(v)}::jsonb` : sql`${v}`;
  return db.orm.transaction(async (tx) => {
    let count = 0;
    for (const { row, stored, next } of changes) {
      const sameRow = sql.join(
        location.keyColumns.map((c) => sql`${sql.identifier(c)} = ${row[c]}`),
        sql` AND `,
      );
      const updated = await tx.execute(
        sql`UPDATE ${sql.identifier(location.table)} SET ${column} = ${encode(next)}
                    WHERE ${column} = ${encode(stored)} AND ${sameRow} RETURNING 1 AS one`,
      );
      count += rowsOf(updated).length;
    }
    if (start.record)
      await audit(tx, {
        action: 'encryption.reencrypt_started',
        request: null,
        details: { key_id: start.keyId, batch_size: start.batchSize },
      });
    return count;
  });
}

/** Records the end of a run that changed something, and the keys it retired. */
async function recordFinish(
  db: Database,
  currentKeyId: string,
  run: RunState,
  report: KeyUsageReport,
) {
  const { result } = run;
  // A key is retired once no stored value needs it; it may then leave ENCRYPTION_KEYS_PREVIOUS.
  const retired = report.keys.filter((k) => !k.current && k.values === 0 && run.movedOff.has(k.id));
  await db.orm.transaction(async (tx) => {
    await audit(tx, {
      action: 'encryption.reencrypt_finished',
      request: null,
      outcome: report.unreadable > 0 ? 'failure' : 'success',
      details: {
        key_id: currentKeyId,
        batches: result.batches,
        rows_changed: result.rowsChanged,
        rows_skipped: result.rowsSkipped,
        rows_unreadable: result.rowsUnreadable,
        values_unreadable: report.unreadable,
        keys_still_used: report.keys.filter((k) => !k.current && k.values > 0).map((k) => k.id),
      },
    });
    for (const k of retired)
      await audit(tx, {
        action: 'encryption.key_retired',
        request: null,
        target: { type: 'encryption_key', id: k.id },
      });
  });
}

export interface ReencryptOptions {
  batchSize?: number;
  /** Called after each committed batch; throwing stops the run (tests, progress output). */
  onBatch?: (progress: ReencryptProgress) => void | Promise<void>;
}

/** Re-encrypts every stored value not under the current key, batch by batch. */
async function runReencrypt(
  db: Database,
  key: Buffer,
  options: ReencryptOptions,
): Promise<ReencryptResult> {
  const currentKeyId = keyRingIds(key)[0]!;
  const batchSize = options.batchSize ?? 500;
  const run: RunState = {
    result: { batches: 0, rowsChanged: 0, rowsSkipped: 0, rowsUnreadable: 0 },
    movedOff: new Set<string>(),
    // The hourly job finds nothing to do almost always: a run is recorded only once it changes
    // something, its start in the transaction of its first changing batch.
    started: false,
  };
  const { result } = run;
  for (const location of ENCRYPTED_LOCATIONS) {
    for await (const rows of batches(db, location, batchSize)) {
      const changes = changesOf(location, rows, key, run);
      let changed = 0;
      if (changes.length > 0) {
        const start = { record: !run.started, keyId: currentKeyId, batchSize };
        changed = await writeChanges(db, location, changes, start);
        run.started = true;
      }
      result.batches += 1;
      result.rowsChanged += changed;
      result.rowsSkipped += changes.length - changed;
      await options.onBatch?.({
        location: location.name,
        rowsRead: rows.length,
        rowsChanged: changed,
      });
    }
  }
  if (!run.started) return result;
  await recordFinish(db, currentKeyId, run, await measureUsage(db, key, 1000));
  return result;
}

/** Key rotation of the stored values. */
export interface KeyRotation {
  /** Id of the ring's current key, the one values are encrypted with. */
  currentKeyId: string;
  /** Which keys the stored values still need, per location. */
  usage(batchSize?: number): Promise<KeyUsageReport>;
  /** Re-encrypts with the current key every value under an older one. */
  reencrypt(options?: ReencryptOptions): Promise<ReencryptResult>;
}

/**
 * Key rotation: reports which keys the stored values still need, and re-encrypts them with the
 * current key in batches. Each batch is one short transaction and each row is written only if
 * it still holds what was read, so it runs beside a live service, may stop at any point, and
 * picks up where it stopped when run again (values already under the current key are skipped).
 */
export function createKeyRotation(deps: { db: Database; key: Buffer }): KeyRotation {
  const { db, key } = deps;
  return {
    currentKeyId: keyRingIds(key)[0]!,
    usage: (batchSize = 1000) => measureUsage(db, key, batchSize),
    reencrypt: (options = {}) => runReencrypt(db, key, options),
  };
}
