import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import { ok } from '../../http/envelope.js';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.js';
import { pageOf, paginationOf } from '../../http/pagination.js';
import { ErrorEnvelopeRef, IdParams } from '../../http/schemas.js';
import {
  ImportBody,
  ImportQuery,
  ImportResponse,
  SourceBody,
  SourceResponse,
  SyncRunListQuery,
  SyncRunListResponse,
  SyncRunResponse,
} from './admin-schemas.js';
import { checkRegistryUrl } from './fetcher.js';
import type { Importer, ImportResult } from './importer.js';
import type { RegistryRepository, SourceRow, SyncRunRow } from './repository.js';
import { STARTER_DOCUMENTS } from './starter.js';
import type { RouteApp } from '../../http/route-app.js';

const tags = ['Registry'];
const importer = auth.user({ permission: 'mcp.servers.global.create' });
const operator = auth.user({ permission: 'mcp.servers.global.edit' });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function resultView(r: ImportResult) {
  return {
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    failed: r.failed,
    failures: r.failures,
    local_edits_kept: r.localEditsKept,
  };
}

function sourceView(s: SourceRow) {
  return {
    base_url: s.baseUrl,
    version_mode: s.versionMode as 'latest' | 'all',
    enabled: s.enabled,
    high_water_mark: iso(s.highWaterMark),
    resume_cursor_pending: s.resumeCursor !== null,
    updated_at: s.updatedAt.toISOString(),
  };
}

export function runView(r: SyncRunRow) {
  return {
    id: r.id,
    trigger: r.trigger as 'schedule' | 'admin',
    status: r.status as 'running' | 'succeeded' | 'completed_with_failures' | 'failed',
    updated_since: iso(r.updatedSince),
    resumed_from_cursor: r.resumedFrom !== null,
    pages: r.pages,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    failed: r.failed,
    failures: r.failures,
    error: r.error,
    started_at: r.startedAt.toISOString(),
    finished_at: iso(r.finishedAt),
  };
}

interface AdminDeps {
  importer: Importer;
  repository: RegistryRepository;
  /** Runs the sync job now; the run id, or null when a run is already under way. */
  syncNow: (request: FastifyRequest) => Promise<string | null>;
  importBodyLimitBytes: number;
}

/** Administrators' side of the registry: imports, the starter catalogue, the sync source and runs. */
export const registryAdminRoutes: FastifyPluginAsyncTypebox<AdminDeps> = async (app, deps) => {
  importRoutes(app, deps);
  sourceRoutes(app, deps);
  syncRoutes(app, deps);
};

/** Imports of documents sent in the body, and of the bundled starter catalogue. */
function importRoutes(app: RouteApp, { importer: service, importBodyLimitBytes }: AdminDeps) {
  app.post(
    '/api/registry/import',
    {
      config: { auth: importer },
      bodyLimit: importBodyLimitBytes,
      schema: {
        operationId: 'importRegistryDocuments',
        summary:
          'Import server.json documents (one, an array, or a file sent as the body); each server is applied whole or not at all',
        tags,
        querystring: ImportQuery,
        body: ImportBody,
        response: { 200: ImportResponse },
      },
    },
    async (request) => {
      const items = Array.isArray(request.body) ? request.body : [request.body];
      const result = await service.importItems(items, {
        source: 'import',
        overwriteLocalEdits: request.query.overwrite_local_edits === 'true',
        request,
      });
      // A single document that could not be imported is the request's fault: say why.
      if (!Array.isArray(request.body) && result.failed > 0) {
        throw new ValidationError(`body: ${result.failures[0]!.reason}`);
      }
      return ok({ result: resultView(result) });
    },
  );
  app.post(
    '/api/registry/starter',
    {
      config: { auth: importer },
      schema: {
        operationId: 'loadRegistryStarter',
        summary:
          'Load the bundled starter catalogue (a handful of well-known servers); loading it again changes nothing',
        tags,
        response: { 200: ImportResponse },
      },
    },
    async (request) =>
      ok({
        result: resultView(
          await service.importItems(STARTER_DOCUMENTS, { source: 'starter', request }),
        ),
      }),
  );
}

/** The registry the catalogue syncs from. */
function sourceRoutes(app: RouteApp, { repository }: AdminDeps) {
  app.get(
    '/api/registry/source',
    {
      config: { auth: operator },
      schema: {
        operationId: 'getRegistrySource',
        summary: 'The registry the catalogue syncs from (null when none is set)',
        tags,
        response: { 200: SourceResponse },
      },
    },
    async () => {
      const source = await repository.source();
      return ok({ source: source ? sourceView(source) : null });
    },
  );
  app.put(
    '/api/registry/source',
    {
      config: { auth: operator },
      schema: {
        operationId: 'setRegistrySource',
        summary:
          'Set the registry to sync from; a different URL starts over without a high-water mark',
        tags,
        body: SourceBody,
        response: { 200: SourceResponse },
      },
    },
    async (request) => {
      try {
        checkRegistryUrl(request.body.base_url);
      } catch (error) {
        throw new ValidationError(`body.base_url: ${(error as Error).message}`);
      }
      const source = await repository.saveSource({
        id: 'default',
        baseUrl: request.body.base_url.replace(/\/+$/, ''),
        versionMode: request.body.version_mode ?? 'latest',
        enabled: request.body.enabled ?? true,
      });
      return ok({ source: sourceView(source) });
    },
  );
}

/** Running a sync now, and the record of runs. */
function syncRoutes(app: RouteApp, { repository, syncNow }: AdminDeps) {
  app.post(
    '/api/registry/sync',
    {
      config: { auth: operator },
      schema: {
        operationId: 'runRegistrySync',
        summary: 'Sync from the configured registry now and answer with the run when it ends',
        tags,
        response: {
          200: SyncRunResponse,
          409: ErrorEnvelopeRef('A sync is running, or the source is disabled'),
        },
      },
    },
    async (request) => {
      const source = await repository.source();
      if (!source)
        throw new NotFoundError('No registry source is configured (PUT /api/registry/source)');
      if (!source.enabled)
        throw new ConflictError('The registry source is disabled', 'SOURCE_DISABLED');
      const runId = await syncNow(request);
      const run = runId ? await repository.run(runId) : null;
      if (!run)
        throw new ConflictError(
          'A registry sync is already running; try again when it ends',
          'SYNC_RUNNING',
        );
      return ok({ run: runView(run) });
    },
  );
  app.get(
    '/api/registry/sync/runs',
    {
      config: { auth: operator },
      schema: {
        operationId: 'listRegistrySyncRuns',
        summary: 'Sync runs with their progress, newest first',
        tags,
        querystring: SyncRunListQuery,
        response: { 200: SyncRunListResponse },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await repository.runs(page.limit, page.offset);
      return ok({ runs: items.map(runView), pagination: paginationOf(page, total) });
    },
  );
  app.get(
    '/api/registry/sync/runs/:id',
    {
      config: { auth: operator },
      schema: {
        operationId: 'getRegistrySyncRun',
        summary: 'One sync run and its progress',
        tags,
        params: IdParams,
        response: { 200: SyncRunResponse },
      },
    },
    async (request) => {
      const run = await repository.run(request.params.id);
      if (!run) throw new NotFoundError('Sync run not found');
      return ok({ run: runView(run) });
    },
  );
}
