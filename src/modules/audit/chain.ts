import { createHash } from 'node:crypto';

/** The link before the first entry ever written. */
export const GENESIS_HASH = '0'.repeat(64);

/** What the hash of an entry covers, in this order. */
export interface HashedContent {
  seq: number;
  id: string;
  /** A Date, or its ISO 8601 text with milliseconds (`toISOString()`). */
  createdAt: Date | string;
  actorType: string;
  actorId: string | null;
  teamId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: string;
  clientAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
  details: Record<string, unknown>;
}

/**
 * JSON with object keys sorted at every depth, so equal content always gives equal text. It reads
 * values as the jsonb column stores them: keys holding undefined are left out, Dates (anything
 * with toJSON) become their JSON form.
 */
function canonicalJson(value: unknown): string {
  if (value !== null && typeof value === 'object' && 'toJSON' in value) {
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * SHA-256 (hex) of "v1", the previous hash and the entry's fields as one JSON array in a fixed
 * order. Sealing and verifying both hash the entry as read back from the database, so times are
 * ISO 8601 with milliseconds and details are as the jsonb column stores them.
 */
export function entryHash(content: HashedContent, prevHash: string): string {
  const fields = [
    'v1',
    prevHash,
    content.seq,
    content.id,
    typeof content.createdAt === 'string' ? content.createdAt : content.createdAt.toISOString(),
    content.actorType,
    content.actorId,
    content.teamId,
    content.action,
    content.targetType,
    content.targetId,
    content.outcome,
    content.clientAddress,
    content.userAgent,
    content.requestId,
    content.details,
  ];
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}
