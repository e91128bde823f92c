import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/client.js';
import type { SyncFailure } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { FetchError, fetchJson, type FetchLimits } from './fetcher.js';
import type { Importer } from './importer.js';
import type { RegistryRepository, SourceRow, SyncRunRow } from './repository.js';

export const PAGE_LIMIT = 100;
/** The run record keeps this many failure reasons; the counts stay exact. */
const MAX_FAILURES_KEPT = 500;

export interface SyncSettings extends FetchLimits {
  maxPages: number;
}

class PageError extends Error {}

function pageUrl(source: SourceRow, since: Date | null, cursor: string | null): string {
  const url = new URL(`${source.baseUrl.replace(/\/+$/, '')}/v0.1/servers`);
  url.searchParams.set('limit', String(PAGE_LIMIT));
  if (source.versionMode === 'latest') url.searchParams.set('version', 'latest');
  if (since) url.searchParams.set('updated_since', since.toISOString());
  if (cursor) url.searchParams.set('cursor', cursor);
  return url.toString();
}

/** A registry page, checked before any of it is applied. */
function readPage(body: unknown): { items: unknown[]; next: string | null } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new PageError('the registry answered JSON that is not a server list');
  const { servers, metadata } = body as { servers?: unknown; metadata?: unknown };
  if (!Array.isArray(servers)) throw new PageError('the registry answer has no servers array');
  if (servers.length > PAGE_LIMIT)
    throw new PageError(
      `the page holds ${servers.length} entries, more than the ${PAGE_LIMIT} asked for`,
    );
  const next = (metadata as { nextCursor?: unknown } | undefined)?.nextCursor;
  if (next !== undefined && next !== null && (typeof next !== 'string' || next.length > 2000))
    throw new PageError('metadata.nextCursor is not a string');
  return { items: servers, next: next ? next : null };
}

/**
 * The end of a run, as the run record says it; the catalogue changes themselves are recorded
 * per applied page (registry.imported). The actor is the administrator who asked for the run,
 * or the system for a scheduled one.
 */
function recordRun(
  tx: Executor,
  runId: string,
  trigger: Trigger,
  request: AuditRequest,
  status: string,
  counts: Record<string, number>,
) {
  return audit(tx, {
    action: 'registry.synced',
    request,
    outcome: status === 'failed' ? 'failure' : 'success',
    target: { type: 'registry_sync_run', id: runId },
    details: { trigger, status, ...counts },
  });
}

type Trigger = 'schedule' | 'admin';

interface SyncDeps {
  db: Database;
  repository: RegistryRepository;
  importer: Importer;
  clock: Clock;
  logger: Logger;
  settings: SyncSettings;
}

/** A run under way: where it reads from, how far it got, and what it counted. */
interface Run {
  id: string;
  trigger: Trigger;
  request: AuditRequest;
  source: SourceRow;
  since: Date | null;
  cursor: string | null;
  mark: Date | null;
  counts: { pages: number; created: number; updated: number; unchanged: number; failed: number };
  failures: SyncFailure[];
}

/** Pulls the configured registry into the catalogue. */
export interface RegistrySync {
  /**
   * Runs one sync; `request` is the administrator's who asked for it, null for a scheduled one.
   * Answers the run record, or null when no enabled source is set or a run is under way.
   */
  run(trigger: Trigger, request: AuditRequest): Promise<SyncRunRow | null>;
}

/**
 * Pulls the configured registry into the catalogue page by page. Each page is applied before the
 * next is fetched, and the source remembers the cursor of the first page not yet applied, so an
 * interrupted sync resumes there. The high-water mark moves only when a sync completes.
 */
export function createRegistrySync(deps: SyncDeps): RegistrySync {
  // The job runner's advisory lock keeps replicas apart; on PGlite's single session that lock is
  // re-entrant, so this keeps two runs in one process apart as well.
  let running = false;

  return {
    async run(trigger, request) {
      if (running) return null;
      running = true;
      try {
        return await runOnce(deps, trigger, request);
      } finally {
        running = false;
      }
    },
  };
}

async function runOnce(deps: SyncDeps, trigger: Trigger, request: AuditRequest) {
  const run = await startRun(deps, trigger, request);
  if (!run) return null;
  try {
    await pullPages(deps, run);
    await completeRun(deps, run);
  } catch (error) {
    await failRun(deps, run, error);
  }
  return deps.repository.run(run.id);
}

/** Records a new run from where the source stands (resuming an interrupted one), or null. */
async function startRun(
  deps: SyncDeps,
  trigger: Trigger,
  request: AuditRequest,
): Promise<Run | null> {
  const { repository } = deps;
  const source = await repository.source();
  if (!source || !source.enabled) return null;
  // Runs never overlap, so one still marked running was cut off by a stopped process.
  await repository.closeInterruptedRuns(deps.clock());
  const resuming = source.resumeCursor !== null;
  const run: Run = {
    id: newId('rsr'),
    trigger,
    request,
    source,
    since: resuming ? source.resumeSince : source.highWaterMark,
    cursor: source.resumeCursor,
    mark: resuming ? source.resumeMark : null,
    counts: { pages: 0, created: 0, updated: 0, unchanged: 0, failed: 0 },
    failures: [],
  };
  await repository.insertRun({
    id: run.id,
    sourceId: source.id,
    trigger,
    status: 'running',
    updatedSince: run.since,
    resumedFrom: run.cursor,
    failures: [],
    startedAt: deps.clock(),
  });
  return run;
}

/** The run record's counts and the failures it keeps. */
const progress = (run: Run) => ({
  ...run.counts,
  failures: run.failures.slice(0, MAX_FAILURES_KEPT),
});

/** Fetches and applies pages until the registry has no next cursor; throws on a bad page. */
async function pullPages(deps: SyncDeps, run: Run) {
  const { repository, settings } = deps;
  const { counts, source, since } = run;
  for (;;) {
    if (counts.pages >= settings.maxPages)
      throw new PageError(
        `stopped after ${settings.maxPages} pages (REGISTRY_SYNC_MAX_PAGES); the next run continues`,
      );
    const page = readPage(await fetchJson(pageUrl(source, since, run.cursor), settings));
    if (page.next !== null && page.next === run.cursor)
      throw new PageError('the registry answered the same cursor again; stopped to avoid a loop');
    const result = await deps.importer.importItems(page.items, {
      source: 'sync',
      request: run.request,
    });
    counts.pages++;
    counts.created += result.created;
    counts.updated += result.updated;
    counts.unchanged += result.unchanged;
    counts.failed += result.failed;
    run.failures.push(...result.failures);
    if (result.newestUpdate && (!run.mark || result.newestUpdate > run.mark))
      run.mark = result.newestUpdate;
    run.cursor = page.next;
    // The page is applied: from here on a failure resumes after it.
    await repository.updateSource(source.id, {
      resumeCursor: run.cursor,
      resumeSince: run.cursor ? since : null,
      resumeMark: run.cursor ? run.mark : null,
    });
    await repository.updateRun(run.id, progress(run));
    if (!run.cursor) break;
  }
}

/** Every page applied: the high-water mark moves, the resume point is cleared. */
async function completeRun(deps: SyncDeps, run: Run) {
  const { repository } = deps;
  const { source, mark, counts } = run;
  const highWaterMark =
    mark && (!source.highWaterMark || mark > source.highWaterMark) ? mark : source.highWaterMark;
  const status = counts.failed > 0 ? 'completed_with_failures' : 'succeeded';
  await deps.db.orm.transaction(async (tx) => {
    await repository.updateSource(
      source.id,
      { highWaterMark, resumeCursor: null, resumeSince: null, resumeMark: null },
      tx,
    );
    await repository.updateRun(run.id, { ...progress(run), status, finishedAt: deps.clock() }, tx);
    await recordRun(tx, run.id, run.trigger, run.request, status, counts);
  });
}

/** A failed run keeps its resume point; an unexpected error is logged, not shown. */
async function failRun(deps: SyncDeps, run: Run, error: unknown) {
  const known = error instanceof FetchError || error instanceof PageError;
  if (!known) deps.logger.error({ err: error }, 'registry sync failed');
  await deps.db.orm.transaction(async (tx) => {
    await deps.repository.updateRun(
      run.id,
      {
        ...progress(run),
        status: 'failed',
        error: known
          ? (error as Error).message
          : 'the sync failed unexpectedly (see the service log)',
        finishedAt: deps.clock(),
      },
      tx,
    );
    await recordRun(tx, run.id, run.trigger, run.request, 'failed', run.counts);
  });
}
