import type { PgTable } from 'drizzle-orm/pg-core';

type Values = Record<string, unknown>;

/** One event's entry in the satellite's event history (history.ts writes them). */
// A type, not an interface: rows are handed to jsonInsert as plain records.
export type HistoryRow = {
  id: string;
  satelliteId: string;
  type: string;
  occurredAt: Date;
  data: Record<string, unknown>;
  installationId: string | null;
  recordId: string | null;
};

/** The installation a write belongs to, as far as notifications need it. */
export interface InstallationRef {
  id: string;
  teamId: string;
  name: string;
}

/** A change of one instance's status, at the batch position of the event that made it. */
export interface InstanceStatusWrite {
  index: number;
  instanceId: string;
  installation: InstallationRef;
  status: string;
  message: string | null;
  at: Date;
  /** The event fails if the instance is gone by the time the write lands. */
  required: boolean;
}

/** A crash to weigh against the process's other crashes once all of the batch's are stored. */
export interface CrashCheck {
  index: number;
  satelliteId: string;
  processId: string;
  installation: InstallationRef;
  at: Date;
  details: string;
}

export interface ToolSet {
  installation: InstallationRef;
  tools: Values[];
  toolCount: number;
  totalTokens: number;
}

/** Tools added to and removed from an installation's set, by name; `added` and `removed` are disjoint. */
export interface ToolDelta {
  installation: InstallationRef;
  added: Set<string>;
  removed: Set<string>;
  /** The installation's tool count as reported, or null to leave it. */
  toolCount: number | null;
}

/**
 * A row's place among all the rows a batch inserts, in batch order (numberRows). Rows of one
 * batch share a transaction time; their `created_at` is that time plus this many microseconds,
 * so that streams, which order by (created_at, id), send them in the order of the batch.
 */
export const BATCH_POSITION = Symbol('batch position');

/** A row's BATCH_POSITION (0 for a row not numbered). */
export const batchPosition = (row: object) =>
  (row as Record<symbol, number | undefined>)[BATCH_POSITION] ?? 0;

/**
 * Everything a batch's events change, gathered in memory in batch order before any of it is
 * written. Where two events change the same record, the later one's values win, exactly as if
 * the events had been applied one by one.
 */
export class BatchWrites {
  readonly inserts = new Map<PgTable, Values[]>();
  /** Process records keyed by satellite and process id, with the columns the events set. */
  readonly processes = new Map<
    string,
    { satelliteId: string; processId: string; values: Values }
  >();
  readonly crashChecks: CrashCheck[] = [];
  readonly instanceStatuses: InstanceStatusWrite[] = [];
  /** The reported tool set of each installation; a later report replaces an earlier one. */
  readonly toolSets = new Map<string, ToolSet>();
  /** Changes to the stored tool set of installations this batch reports no whole set for. */
  readonly toolDeltas = new Map<string, ToolDelta>();
  /** Server log lines per installation, in batch order; only the newest are kept. */
  readonly logLines = new Map<string, Values[]>();
  /** The events' history entries, which also tell resent events apart (history.ts). */
  readonly history: HistoryRow[] = [];

  insert(table: PgTable, rows: Values[]) {
    const existing = this.inserts.get(table);
    if (existing) existing.push(...rows);
    else this.inserts.set(table, [...rows]);
  }

  upsertProcess(satelliteId: string, processId: string, values: Values) {
    const key = `${satelliteId}\u0000${processId}`;
    const earlier = this.processes.get(key)?.values;
    this.processes.set(key, { satelliteId, processId, values: { ...earlier, ...values } });
  }

  checkCrash(check: CrashCheck) {
    this.crashChecks.push(check);
  }

  setInstanceStatus(write: InstanceStatusWrite) {
    this.instanceStatuses.push(write);
  }

  replaceTools(installationId: string, set: ToolSet) {
    this.toolSets.set(installationId, set);
    this.toolDeltas.delete(installationId);
  }

  /**
   * Adds and removes tools by name. After a whole set in the same batch the change applies to
   * that set; otherwise it is kept to apply to the stored set, merged with earlier changes.
   */
  updateTools(
    installationId: string,
    change: {
      installation: InstallationRef;
      added: readonly string[];
      removed: readonly string[];
      toolCount: number | null;
    },
  ) {
    const set = this.toolSets.get(installationId);
    if (set) {
      const removed = new Set(change.removed);
      const tools = set.tools.filter((t) => !removed.has(t.toolName as string));
      const known = new Set(tools.map((t) => t.toolName as string));
      for (const name of change.added)
        if (!known.has(name)) {
          known.add(name);
          tools.push(toolNamed(installationId, name));
        }
      this.toolSets.set(installationId, {
        ...set,
        tools,
        toolCount: change.toolCount ?? set.toolCount,
      });
      return;
    }
    const delta = this.toolDeltas.get(installationId) ?? {
      installation: change.installation,
      added: new Set<string>(),
      removed: new Set<string>(),
      toolCount: null,
    };
    for (const name of change.removed) {
      delta.added.delete(name);
      delta.removed.add(name);
    }
    for (const name of change.added) {
      delta.removed.delete(name);
      delta.added.add(name);
    }
    delta.toolCount = change.toolCount ?? delta.toolCount;
    this.toolDeltas.set(installationId, delta);
  }

  addLogLines(installationId: string, rows: Values[]) {
    const existing = this.logLines.get(installationId);
    if (existing) existing.push(...rows);
    else this.logLines.set(installationId, [...rows]);
  }

  recordHistory(entry: HistoryRow) {
    this.history.push(entry);
  }

  /** Numbers this event's inserted rows from `first` on (BATCH_POSITION); returns the next. */
  numberRows(first: number): number {
    let next = first;
    for (const rows of [...this.inserts.values(), this.history])
      for (const row of rows) (row as Record<symbol, number>)[BATCH_POSITION] = next++;
    return next;
  }

  /** The writes of several events, in the given (batch) order, as one set. */
  static merge(parts: BatchWrites[]): BatchWrites {
    const all = new BatchWrites();
    for (const part of parts) {
      for (const [table, rows] of part.inserts) all.insert(table, rows);
      for (const p of part.processes.values())
        all.upsertProcess(p.satelliteId, p.processId, p.values);
      all.crashChecks.push(...part.crashChecks);
      all.instanceStatuses.push(...part.instanceStatuses);
      for (const [installationId, set] of part.toolSets) all.replaceTools(installationId, set);
      for (const [installationId, delta] of part.toolDeltas)
        all.updateTools(installationId, {
          installation: delta.installation,
          added: [...delta.added],
          removed: [...delta.removed],
          toolCount: delta.toolCount,
        });
      for (const [installationId, rows] of part.logLines) all.addLogLines(installationId, rows);
      all.history.push(...part.history);
    }
    return all;
  }
}

/** A tool known only by name, as `mcp.tools.updated` reports an added one. */
export function toolNamed(installationId: string, name: string): Values {
  return { installationId, toolName: name, description: null, inputSchema: null, tokenCount: 0 };
}
