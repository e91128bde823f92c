import type { PgTable } from 'drizzle-orm/pg-core';

type Values = Record<string, unknown>;

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
  /** Server log lines per installation, in batch order; only the newest are kept. */
  readonly logLines = new Map<string, Values[]>();

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
  }

  addLogLines(installationId: string, rows: Values[]) {
    const existing = this.logLines.get(installationId);
    if (existing) existing.push(...rows);
    else this.logLines.set(installationId, [...rows]);
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
      for (const [installationId, rows] of part.logLines) all.addLogLines(installationId, rows);
    }
    return all;
  }
}
