import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/client.js';
import type { SyncFailure } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { FetchError, fetchJson, type FetchLimits } from './fetcher.js';
import type { Importer } from './importer.js';
import type { RegistryRepository, SourceRow } from './repository.js';

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
 * Pulls the configured registry into the catalogue page by page. Each page is applied before the
 * next is fetched, and the source remembers the cursor of the first page not yet applied, so an
 * interrupted sync resumes there. The high-water mark moves only when a sync completes.
 */
/**
 * The end of a run, as the run record says it; the catalogue changes themselves are recorded
 * per applied page (registry.imported). The actor is the administrator who asked for the run,
 * or the system for a scheduled one.
 */
function recordRun(
  tx: Executor,
  runId: string,
  trigger: 'schedule' | 'admin',
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

export function createRegistrySync(deps: {
  db: Database;
  repository: RegistryRepository;
  importer: Importer;
  clock: Clock;
  logger: Logger;
  settings: SyncSettings;
}) {
  const { repository, settings } = deps;
  // The job runner's advisory lock keeps replicas apart; on PGlite's single session that lock is
  // re-entrant, so this keeps two runs in one process apart as well.
  let running = false;

  return {
    /** `request`: the administrator's who asked for the run; null for a scheduled one. */
    async run(trigger: 'schedule' | 'admin', request: AuditRequest) {
      if (running) return null;
      running = true;
      try {
        return await runOnce(trigger, request);
      } finally {
        running = false;
      }
    },
  };

  async function runOnce(trigger: 'schedule' | 'admin', request: AuditRequest) {
    const source = await repository.source();
    if (!source || !source.enabled) return null;
    const resuming = source.resumeCursor !== null;
    const since = resuming ? source.resumeSince : source.highWaterMark;
    let cursor = source.resumeCursor;
    let mark = resuming ? source.resumeMark : null;
    // Runs never overlap, so one still marked running was cut off by a stopped process.
    await repository.closeInterruptedRuns(deps.clock());
    const runId = newId('rsr');
    const counts = { pages: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
    const failures: SyncFailure[] = [];
    await repository.insertRun({
      id: runId,
      sourceId: source.id,
      trigger,
      status: 'running',
      updatedSince: since,
      resumedFrom: cursor,
      failures: [],
      startedAt: deps.clock(),
    });
    const progress = () => ({ ...counts, failures: failures.slice(0, MAX_FAILURES_KEPT) });
    try {
      for (;;) {
        if (counts.pages >= settings.maxPages)
          throw new PageError(
            `stopped after ${settings.maxPages} pages (REGISTRY_SYNC_MAX_PAGES); the next run continues`,
          );
        const page = readPage(await fetchJson(pageUrl(source, since, cursor), settings));
        if (page.next !== null && page.next === cursor)
          throw new PageError(
            'the registry answered the same cursor again; stopped to avoid a loop',
          );
        const result = await deps.importer.importItems(page.items, { source: 'sync', request });
        counts.pages++;
        counts.created += result.created;
        counts.updated += result.updated;
        counts.unchanged += result.unchanged;
        counts.failed += result.failed;
        failures.push(...result.failures);
        if (result.newestUpdate && (!mark || result.newestUpdate > mark))
          mark = result.newestUpdate;
        cursor = page.next;
        // The page is applied: from here on a failure resumes after it.
        await repository.updateSource(source.id, {
          resumeCursor: cursor,
          resumeSince: cursor ? since : null,
          resumeMark: cursor ? mark : null,
        });
        await repository.updateRun(runId, progress());
        if (!cursor) break;
      }
      const highWaterMark =
        mark && (!source.highWaterMark || mark > source.highWaterMark)
          ? mark
          : source.highWaterMark;
      const status = counts.failed > 0 ? 'completed_with_failures' : 'succeeded';
      await deps.db.orm.transaction(async (tx) => {
        await repository.updateSource(
          source.id,
          { highWaterMark, resumeCursor: null, resumeSince: null, resumeMark: null },
          tx,
        );
        await repository.updateRun(runId, { ...progress(), status, finishedAt: deps.clock() }, tx);
        await recordRun(tx, runId, trigger, request, status, counts);
      });
    } catch (error) {
      const known = error instanceof FetchError || error instanceof PageError;
      if (!known) deps.logger.error({ err: error }, 'registry sync failed');
      await deps.db.orm.transaction(async (tx) => {
        await repository.updateRun(
          runId,
          {
            ...progress(),
            status: 'failed',
            error: known
              ? (error as Error).message
              : 'the sync failed unexpectedly (see the service log)',
            finishedAt: deps.clock(),
          },
          tx,
        );
        await recordRun(tx, runId, trigger, request, 'failed', counts);
      });
    }
    return repository.run(runId);
  }
}

export type RegistrySync = ReturnType<typeof createRegistrySync>;
