import { hash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './executor.js';
import type { NamedStatementRunner } from './pglite-prepared.js';

/**
 * Which statement texts run as named prepared statements. PostgreSQL parses, analyses and plans a
 * statement every time it arrives unnamed; for the large statements that write an event batch
 * that is about 2 ms of a 6 ms statement, while a statement prepared on a connection skips it
 * (and after five runs keeps a generic plan). node-postgres prepares a named statement once per
 * connection and remembers it there, so this only has to choose the names and bound how many
 * there are: each costs the server up to a megabyte per connection.
 *
 * A text is prepared from its second sighting on, and at most `max` texts are admitted per
 * period; the others run unnamed as usual. Admissions start afresh every `periodMs`, and the
 * pool closes connections after the same time (`maxLifetimeSeconds`), so one connection holds
 * at most 2 × `max` prepared statements. PGlite's one session would keep every period's names,
 * so its runner closes the oldest beyond 2 × `max` per kind (pglite-prepared.ts). With `max` 0
 * nothing is prepared (for a pooler in transaction mode that does not track prepared statements).
 */
export interface StatementNames {
  /** The name to prepare `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined;
  /** Runs a named statement where the driver cannot (PGlite, pglite-prepared.ts). */
  runNamed?: NamedStatementRunner;
}

const SIGHTINGS_KEPT = 512;

export function createStatementNames(options: {
  max: number;
  periodMs: number;
  now?: () => number;
  runNamed?: NamedStatementRunner;
}): StatementNames {
  const now = options.now ?? Date.now;
  let admitted = new Map<string, string>();
  let sighted = new Set<string>();
  let periodStart = now();
  return {
    ...(options.runNamed ? { runNamed: options.runNamed } : {}),
    nameFor(text) {
      if (options.max === 0) return undefined;
      if (now() - periodStart >= options.periodMs) {
        admitted = new Map();
        sighted = new Set();
        periodStart = now();
      }
      const digest = hash('sha256', text, 'base64url').slice(0, 32);
      const name = admitted.get(digest);
      if (name !== undefined) return name;
      if (!sighted.has(digest)) {
        // Texts seen once and never again must not crowd out the ones that repeat.
        if (sighted.size >= SIGHTINGS_KEPT) sighted.clear();
        sighted.add(digest);
        return undefined;
      }
      if (admitted.size >= options.max) return undefined;
      // The period start in the name: a text admitted again in a later period gets a new name,
      // so a connection from the earlier period never sees one name for two admissions.
      const fresh = `gs_${periodStart.toString(36)}_${digest}`;
      admitted.set(digest, fresh);
      return fresh;
    },
  };
}

/** Never prepares: callers without a policy. */
export const unnamedStatements: StatementNames = { nameFor: () => undefined };

/**
 * The hot statements, by the work they do, each kind admitting texts of its own: an event batch
 * saves about 2 ms by being prepared and an audited change about 0.05 ms, so changes must not
 * take the places that a stream of event batches of many shapes needs.
 */
export interface PreparedStatementKinds {
  /** An event batch's lookups and writes (events/). */
  events: StatementNames;
  /**
   * The writes an audited change makes in one statement beside its own rows: an installation
   * change's pending work, notifications and audit entry; a sign-in's session and its entry.
   * A few texts, fixed by the code.
   */
  changes: StatementNames;
  /** Sealing's few statements of fixed text (modules/audit/sealer.ts). */
  sealing: StatementNames;
}

/** How many kinds there are, each admitting its own `max` texts. */
export const STATEMENT_KINDS = 3;

export function createPreparedStatementKinds(options: {
  max: number;
  periodMs: number;
  /** How PGlite runs a named statement; node-postgres runs them itself. */
  runNamed?: NamedStatementRunner;
}): PreparedStatementKinds {
  return {
    events: createStatementNames(options),
    changes: createStatementNames(options),
    sealing: createStatementNames(options),
  };
}

export const noPreparedStatements: PreparedStatementKinds = {
  events: unnamedStatements,
  changes: unnamedStatements,
  sealing: unnamedStatements,
};

/**
 * `executor.execute(statement)`, as a named prepared statement when `names` admits its text.
 * The result has the same shape as `execute`'s (rows as objects, timestamps as text).
 */
export async function executePrepared(
  executor: Executor,
  statement: SQL,
  names: StatementNames,
): Promise<unknown> {
  // The executor's own dialect and session, as `execute` uses them (column casing, type parsers).
  const dialect = (executor as unknown as { dialect: PgDialect }).dialect;
  const query = dialect.sqlToQuery(statement);
  const name = names.nameFor(query.sql);
  if (name !== undefined && names.runNamed) return names.runNamed(executor, query, name);
  return executor._.session.prepareQuery(query, undefined, name, false).execute();
}
