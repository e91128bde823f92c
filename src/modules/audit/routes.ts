import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Executor, Orm } from '../../db/client.js';
import { auth } from '../../http/auth/declare.js';
import { ok } from '../../http/envelope.js';
import { Success } from '../../http/schemas.js';
import { pagedRouteWithStream } from '../../http/stream/paged-route.js';
import { streamTopics } from '../../http/stream/signals.js';
import type { StreamSource } from '../../http/stream/source.js';
import { TeamParams } from '../teams/schemas.js';
import {
  AuditEntry,
  AuditExportQuery,
  ChainHeadSchema,
  ChainReportSchema,
  GlobalAuditQuery,
  TeamAuditExportQuery,
  TeamAuditQuery,
  type AuditEntryView,
} from './schemas.js';
import { exportEntries, type AuditFilters } from './source.js';
import type { AuditSealer } from './sealer.js';
import { readChainHead, verifyChain } from './verify.js';
import type { RouteApp } from '../../http/route-app.js';

interface FilterQuery {
  actor_type?: string;
  actor_id?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  since?: string;
  until?: string;
}

const filtersOf = (teamId: string | null, q: FilterQuery): AuditFilters => ({
  teamId,
  actorType: q.actor_type ?? null,
  actorId: q.actor_id ?? null,
  action: q.action ?? null,
  targetType: q.target_type ?? null,
  targetId: q.target_id ?? null,
  since: q.since ?? null,
  until: q.until ?? null,
});

const jsonLines = {
  description:
    'JSON Lines (one audit entry per line, in chain order), streamed as it is read, for SIEM ingestion',
  content: { 'application/jsonl': { schema: { type: 'string' } } },
};

/**
 * Streams the matching entries as JSON Lines without holding them all in memory, after sealing
 * what was committed before the request.
 */
async function sendJsonLines(
  reply: FastifyReply,
  db: Executor,
  sealer: AuditSealer,
  filters: AuditFilters,
) {
  await sealer.seal();
  const lines = async function* () {
    for await (const entry of exportEntries(db, filters)) yield `${JSON.stringify(entry)}\n`;
  };
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return reply
    .type('application/jsonl; charset=utf-8')
    .header('content-disposition', `attachment; filename="audit-${stamp}.jsonl"`)
    .send(Readable.from(lines()));
}

interface AuditDeps {
  db: Orm;
  sealer: AuditSealer;
  source: StreamSource<AuditFilters, AuditEntryView>;
}

const globalAdmin = auth.user({ permission: 'audit.view' });
const teamAdmin = auth.team({ permission: 'audit.view' });
const tags = ['Audit'];

/**
 * The audit log: global administrators read, export and verify all of it; team administrators
 * read and export their team's entries.
 */
export const auditRoutes: FastifyPluginAsyncTypebox<AuditDeps> = async (app, deps) => {
  entryRoutes(app, deps);
  exportRoutes(app, deps);
  chainRoutes(app, deps);
};

/** The entries, a page at a time or as they are written: all of them, and a team's. */
function entryRoutes(app: RouteApp, { source }: AuditDeps) {
  pagedRouteWithStream(app, {
    url: '/api/audit/entries',
    auth: globalAdmin,
    tags,
    querystring: GlobalAuditQuery,
    list: { operationId: 'listAuditEntries', summary: 'The whole audit log, newest first' },
    stream: {
      operationId: 'streamAuditEntries',
      summary: 'Audit entries as they are written (Server-Sent Events)',
      description: 'Same query as the list; the stream always starts from the newest entries.',
    },
    itemsKey: 'entries',
    item: AuditEntry,
    eventName: 'audit_entry',
    source,
    filters: ({ query }) => filtersOf(query.team_id ?? null, query),
    topics: (f) => [streamTopics.audit(f.teamId)],
  });

  pagedRouteWithStream(app, {
    url: '/api/teams/:teamId/audit/entries',
    auth: teamAdmin,
    tags,
    params: TeamParams,
    querystring: TeamAuditQuery,
    list: {
      operationId: 'listTeamAuditEntries',
      summary: 'The team’s audit entries, newest first',
    },
    stream: {
      operationId: 'streamTeamAuditEntries',
      summary: 'The team’s audit entries as they are written (Server-Sent Events)',
      description: 'Same query as the list; the stream always starts from the newest entries.',
    },
    itemsKey: 'entries',
    item: AuditEntry,
    eventName: 'audit_entry',
    source,
    filters: ({ params, query }) => filtersOf(params.teamId, query),
    topics: (f) => [streamTopics.audit(f.teamId)],
  });
}

/** The log as JSON Lines, filtered as the list is: all of it, and a team's. */
function exportRoutes(app: RouteApp, { db, sealer }: AuditDeps) {
  app.get(
    '/api/audit/export',
    {
      config: { auth: globalAdmin },
      schema: {
        operationId: 'exportAuditEntries',
        summary: 'Export the audit entries matching the list’s filters as JSON Lines',
        tags,
        querystring: AuditExportQuery,
        response: { 200: jsonLines },
      },
    },
    (request, reply) =>
      sendJsonLines(reply, db, sealer, filtersOf(request.query.team_id ?? null, request.query)),
  );

  app.get(
    '/api/teams/:teamId/audit/export',
    {
      config: { auth: teamAdmin },
      schema: {
        operationId: 'exportTeamAuditEntries',
        summary: 'Export the team’s audit entries matching the list’s filters as JSON Lines',
        tags,
        params: TeamParams,
        querystring: TeamAuditExportQuery,
        response: { 200: jsonLines },
      },
    },
    (request, reply) =>
      sendJsonLines(reply, db, sealer, filtersOf(request.params.teamId, request.query)),
  );
}

/** The hash chain: its check, and its ends to anchor elsewhere. */
function chainRoutes(app: RouteApp, { db, sealer }: AuditDeps) {
  app.get(
    '/api/audit/verify',
    {
      config: { auth: globalAdmin },
      schema: {
        operationId: 'verifyAuditChain',
        summary: 'Check the hash chain and report the first broken link',
        tags,
        response: { 200: Success(ChainReportSchema) },
      },
    },
    async () => ok(await verifyChain(db)),
  );

  app.get(
    '/api/audit/head',
    {
      config: { auth: globalAdmin },
      schema: {
        operationId: 'getAuditChainHead',
        summary: 'The chain’s start and head, to anchor outside this service',
        tags,
        response: { 200: Success(ChainHeadSchema) },
      },
    },
    async () => {
      await sealer.seal();
      return ok(await readChainHead(db));
    },
  );
}
