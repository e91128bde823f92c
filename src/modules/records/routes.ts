import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { access, auth } from '../../http/auth/declare.js';
import { userActor } from '../../http/auth/actor.js';
import { ok } from '../../http/envelope.js';
import { PaginatedData, PaginatedQuery, pageOf, paginationOf } from '../../http/pagination.js';
import { Nullable, Success, Timestamp } from '../../http/schemas.js';
import type { InstallationService } from '../installations/service.js';
import type { SatelliteService } from '../satellites/service.js';
import type { RecordRepository } from './repository.js';
import type { RouteApp } from '../../http/route-app.js';

const Query = PaginatedQuery();
const InstallationParams = Type.Object({
  teamId: Type.String({ minLength: 1, maxLength: 100 }),
  installationId: Type.String({ minLength: 1, maxLength: 100 }),
});
const SatelliteParams = Type.Object({ satelliteId: Type.String({ minLength: 1, maxLength: 100 }) });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const Process = Type.Object({
  process_id: Type.String(),
  installation_id: Nullable(Type.String()),
  team_id: Type.String(),
  status: Type.String(),
  started_at: Nullable(Timestamp),
  pid: Nullable(Type.Integer()),
  transport: Nullable(Type.String()),
  tool_count: Nullable(Type.Integer()),
  exit_code: Nullable(Type.Integer()),
  signal: Nullable(Type.String()),
  crash_count: Nullable(Type.Integer()),
  error_details: Nullable(Type.String()),
  updated_at: Timestamp,
});
const LogLine = Type.Object({
  id: Type.String(),
  level: Type.String(),
  message: Type.String(),
  logged_at: Timestamp,
});
const RequestLog = Type.Object({
  id: Type.String(),
  user_id: Nullable(Type.String()),
  tool_name: Type.String(),
  request_params: Type.Unknown(),
  tool_response: Type.Unknown(),
  duration_ms: Type.Number(),
  success: Type.Boolean(),
  error_message: Nullable(Type.String()),
  occurred_at: Timestamp,
});
const Tool = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  input_schema: Type.Unknown(),
  token_count: Type.Integer(),
  is_disabled: Type.Boolean({
    description: 'Switched off for the team’s MCP clients (setInstallationToolStatus)',
  }),
  updated_at: Type.String({
    format: 'date-time',
    description:
      'When the tool first appeared or its description, schema or size last changed (a satellite re-reporting it unchanged leaves this alone)',
  }),
});
const Usage = Type.Object({
  id: Type.String(),
  user_id: Nullable(Type.String()),
  tool_name: Type.String(),
  duration_ms: Type.Number(),
  success: Type.Boolean(),
  error_message: Nullable(Type.String()),
  occurred_at: Timestamp,
});

interface RecordDeps {
  records: RecordRepository;
  installations: InstallationService;
  satellites: SatelliteService;
}

const member = auth.team({ permission: 'mcp.installations.view', scope: 'mcp:read' });
const base = '/api/teams/:teamId/mcp/installations/:installationId';
const tags = ['Installations'];

/**
 * What satellites reported: their processes, and each installation's logs, requests, tools and
 * usage.
 */
export const recordRoutes: FastifyPluginAsyncTypebox<RecordDeps> = async (app, deps) => {
  processRoutes(app, deps);
  installationLogRoutes(app, deps);
  installationToolRoutes(app, deps);
};

/** The installation, as the caller sees it in the route's team. */
// Existence within the team first, so other teams' installations are 404 like everything else.
function inTeam(
  installations: InstallationService,
  r: Pick<FastifyRequest, 'actor'> & { params: { teamId: string; installationId: string } },
) {
  return installations.get(r.params.teamId, r.params.installationId, userActor(r));
}

/** The processes a satellite reported, for those who manage it. */
function processRoutes(app: RouteApp, { records, satellites }: RecordDeps) {
  app.get(
    '/api/satellites/:satelliteId/processes',
    {
      // Before validation, like the other satellite administration routes (403/404 before 400).
      config: {
        auth: auth.user(),
        access: access.byPath((r) =>
          satellites.mustManage(userActor(r), (r.params as { satelliteId: string }).satelliteId),
        ),
      },
      schema: {
        operationId: 'listSatelliteProcesses',
        summary: 'Processes a satellite reported',
        tags: ['Satellites'],
        params: SatelliteParams,
        querystring: Query,
        response: { 200: Success(PaginatedData('processes', Process)) },
      },
    },
    async (request) => {
      const p = pageOf(request.query);
      const { items, total } = await records.processes(request.params.satelliteId, p);
      return ok({
        processes: items.map((r) => ({
          process_id: r.processId,
          installation_id: r.installationId,
          team_id: r.teamId,
          status: r.status,
          started_at: iso(r.startedAt),
          pid: r.pid,
          transport: r.transport,
          tool_count: r.toolCount,
          exit_code: r.exitCode,
          signal: r.signal,
          crash_count: r.crashCount,
          error_details: r.errorDetails,
          updated_at: r.updatedAt.toISOString(),
        })),
        pagination: paginationOf(p, total),
      });
    },
  );
}

/** An installation's server log lines and the tool requests it served. */
function installationLogRoutes(app: RouteApp, { records, installations }: RecordDeps) {
  app.get(
    `${base}/logs`,
    {
      config: { auth: member },
      schema: {
        operationId: 'listServerLogs',
        summary: 'Server log lines, newest first (100 kept)',
        tags,
        params: InstallationParams,
        querystring: Query,
        response: { 200: Success(PaginatedData('logs', LogLine)) },
      },
    },
    async (request) => {
      await inTeam(installations, request);
      const p = pageOf(request.query);
      const { items, total } = await records.logs(request.params.installationId, p);
      return ok({
        logs: items.map((l) => ({
          id: l.id,
          level: l.level,
          message: l.message,
          logged_at: l.loggedAt.toISOString(),
        })),
        pagination: paginationOf(p, total),
      });
    },
  );
  app.get(
    `${base}/requests`,
    {
      config: { auth: member },
      schema: {
        operationId: 'listRequestLogs',
        summary: 'Tool requests, newest first',
        tags,
        params: InstallationParams,
        querystring: Query,
        response: { 200: Success(PaginatedData('requests', RequestLog)) },
      },
    },
    async (request) => {
      await inTeam(installations, request);
      const p = pageOf(request.query);
      const { items, total } = await records.requests(request.params.installationId, p);
      return ok({
        requests: items.map((r) => ({
          id: r.id,
          user_id: r.userId,
          tool_name: r.toolName,
          request_params: r.requestParams,
          tool_response: r.toolResponse,
          duration_ms: r.durationMs,
          success: r.success,
          error_message: r.errorMessage,
          occurred_at: r.occurredAt.toISOString(),
        })),
        pagination: paginationOf(p, total),
      });
    },
  );
}

/** The tools a satellite discovered for an installation, and their executions. */
function installationToolRoutes(app: RouteApp, { records, installations }: RecordDeps) {
  app.get(
    `${base}/tools`,
    {
      config: { auth: member },
      schema: {
        operationId: 'listInstallationTools',
        summary: 'Tools the satellite discovered',
        tags,
        params: InstallationParams,
        querystring: Query,
        response: { 200: Success(PaginatedData('tools', Tool)) },
      },
    },
    async (request) => {
      const { settings } = await inTeam(installations, request);
      const p = pageOf(request.query);
      const { items, total } = await records.tools(request.params.installationId, p);
      const disabled = new Set(settings.disabled_tools);
      return ok({
        tools: items.map((t) => ({
          name: t.toolName,
          description: t.description,
          input_schema: t.inputSchema,
          token_count: t.tokenCount,
          is_disabled: disabled.has(t.toolName),
          updated_at: t.updatedAt.toISOString(),
        })),
        pagination: paginationOf(p, total),
      });
    },
  );
  app.get(
    `${base}/usage`,
    {
      config: { auth: member },
      schema: {
        operationId: 'listInstallationUsage',
        summary: 'Tool executions, newest first',
        tags,
        params: InstallationParams,
        querystring: Query,
        response: { 200: Success(PaginatedData('usage', Usage)) },
      },
    },
    async (request) => {
      await inTeam(installations, request);
      const p = pageOf(request.query);
      const { items, total } = await records.usage(request.params.installationId, p);
      return ok({
        usage: items.map((u) => ({
          id: u.id,
          user_id: u.userId,
          tool_name: u.toolName,
          duration_ms: u.durationMs,
          success: u.success,
          error_message: u.errorMessage,
          occurred_at: u.occurredAt.toISOString(),
        })),
        pagination: paginationOf(p, total),
      });
    },
  );
}
