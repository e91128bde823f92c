import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { satellites } from '../../../db/schema/index.js';
import { countWhere, type Page } from '../../../http/pagination.js';
import { withinTeams, type RowPage, type SatelliteRow } from './rows.js';

/** What authenticating a satellite's key needs of its satellite. */
export type SatelliteKeyRow = Pick<
  SatelliteRow,
  'id' | 'keyHash' | 'teamId' | 'type' | 'disabledAt'
>;

/** A satellite whose status changed, as much as its teams' notifications need. */
export type SatelliteNameRow = Pick<SatelliteRow, 'id' | 'teamId' | 'name'>;

/** Reading satellites. */
export interface SatelliteReads {
  /** One satellite by id, or null. */
  find(id: string, tx?: Executor): Promise<SatelliteRow | null>;
  /** The satellite holding a key id, with what authenticating its key needs, or null. */
  findByKeyId(keyId: string, tx?: Executor): Promise<SatelliteKeyRow | null>;
  /** A page of the given teams' satellites (null: every team's), oldest first. */
  list(teamIds: string[] | null, page: Page, tx?: Executor): Promise<RowPage<SatelliteRow>>;
  /** How many satellites are online and enabled, for the metrics gauge. */
  countOnline(tx?: Executor): Promise<number>;
}

/** Writing satellites. */
export interface SatelliteWrites {
  /** Stores a newly paired satellite and returns its row. */
  insert(values: typeof satellites.$inferInsert, tx?: Executor): Promise<SatelliteRow>;
  /** Changes a satellite's fields (and its updated_at); null when there is no such satellite. */
  update(
    id: string,
    values: Partial<typeof satellites.$inferInsert>,
    tx?: Executor,
  ): Promise<SatelliteRow | null>;
  /**
   * Sets the satellite's URL only while it has none (one conditional UPDATE: of two heartbeats
   * racing, one wins); false when one is set already.
   */
  claimUrl(id: string, url: string, tx?: Executor): Promise<boolean>;
  /** Removes a satellite. */
  delete(id: string, tx?: Executor): Promise<void>;
  /** Satellites whose last heartbeat is older than `before`, and not yet offline. */
  markStaleOffline(before: Date, tx?: Executor): Promise<SatelliteNameRow[]>;
}

export function satelliteReads(db: Executor): SatelliteReads {
  return {
    async find(id, tx = db) {
      const [row] = await tx.select().from(satellites).where(eq(satellites.id, id));
      return row ?? null;
    },
    async findByKeyId(keyId, tx = db) {
      const [row] = await tx
        .select({
          id: satellites.id,
          keyHash: satellites.keyHash,
          teamId: satellites.teamId,
          type: satellites.type,
          disabledAt: satellites.disabledAt,
        })
        .from(satellites)
        .where(eq(satellites.keyId, keyId));
      return row ?? null;
    },
    async list(teamIds, page, tx = db) {
      const where = withinTeams(satellites.teamId, teamIds);
      const [items, total] = await Promise.all([
        tx
          .select()
          .from(satellites)
          .where(where)
          .orderBy(asc(satellites.createdAt), asc(satellites.id))
          .limit(page.limit)
          .offset(page.offset),
        countWhere(tx, satellites, where),
      ]);
      return { items, total };
    },
    async countOnline(tx = db) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(satellites)
        .where(and(eq(satellites.status, 'online'), isNull(satellites.disabledAt)));
      return row?.n ?? 0;
    },
  };
}

export function satelliteWrites(db: Executor): SatelliteWrites {
  return {
    async insert(values, tx = db) {
      const [row] = await tx.insert(satellites).values(values).returning();
      return row!;
    },
    async update(id, values, tx = db) {
      const [row] = await tx
        .update(satellites)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(satellites.id, id))
        .returning();
      return row ?? null;
    },
    async claimUrl(id, url, tx = db) {
      const rows = await tx
        .update(satellites)
        .set({ satelliteUrl: url, updatedAt: new Date() })
        .where(and(eq(satellites.id, id), isNull(satellites.satelliteUrl)))
        .returning({ id: satellites.id });
      return rows.length > 0;
    },
    async delete(id, tx = db) {
      await tx.delete(satellites).where(eq(satellites.id, id));
    },
    async markStaleOffline(before, tx = db) {
      return tx
        .update(satellites)
        .set({ status: 'offline', updatedAt: new Date() })
        .where(and(eq(satellites.status, 'online'), lte(satellites.lastHeartbeatAt, before)))
        .returning({ id: satellites.id, teamId: satellites.teamId, name: satellites.name });
    },
  };
}
