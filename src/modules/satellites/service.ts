import type { Database, Executor } from '../../db/client.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import {
  ForbiddenError,
  NotFoundError,
  RegistrationTokenError,
  ValidationError,
} from '../../http/errors.js';
import type { RegistrationActor, SatelliteActor, UserActor } from '../../http/auth/types.js';
import { paginationOf, type Page } from '../../http/pagination.js';
import type { Clock } from '../../lib/clock.js';
import { newId, newOrderedId } from '../../lib/ids.js';
import { satelliteNotification } from '../notifications/kinds.js';
import { notify } from '../notifications/writer.js';
import { validResource } from '../oauth/resource.js';
import { globalRoleHas } from '../roles/permissions.js';
import type { TeamRepository } from '../teams/repository.js';
import { createCommandQueue } from './commands.js';
import { createConfiguration, type ConfigurationDeps } from './configuration.js';
import { readHeartbeat, storableText, type ReportedStatus } from './heartbeat.js';
import { issueSatelliteKey, type SatelliteKeyResolver } from './keys.js';
import type { SatelliteRepository, SatelliteRow } from './repository.js';
import type { RegistrationTokens } from './tokens.js';
import { createUpstreamTokens, type OAuthTokenSource } from './upstream-tokens.js';
import { streamTopics, type StreamSignals } from '../../http/stream/signals.js';

export const HEARTBEAT_INTERVAL_SECONDS = 30;

export interface SatelliteSettings {
  globalTokenTtlSeconds: number;
  teamTokenTtlSeconds: number;
  commandTtlSeconds: number;
  metricsRetentionDays: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A satellite URL as an administrator sets it: an absolute http(s) URL without credentials,
 * fragment or control characters. It becomes the audience its MCP clients' tokens must name, so
 * a value no token can name is refused rather than stored. (Pairing stores the satellite's own
 * value as sent: the DeployStack satellite passes on whatever its operator configured.)
 */
function adminSatelliteUrl(value: string): string {
  if (storableText(value) === null || !validResource(value))
    throw new ValidationError(
      'body.satellite_url must be an absolute http(s) URL without credentials, fragment or control characters',
    );
  return value;
}

export function satelliteView(s: SatelliteRow) {
  return {
    id: s.id,
    name: s.name,
    type: s.type as 'global' | 'team',
    team_id: s.teamId,
    status: s.status,
    disabled: s.disabledAt !== null,
    version: s.version,
    satellite_url: s.satelliteUrl,
    last_heartbeat_at: iso(s.lastHeartbeatAt),
    created_at: s.createdAt.toISOString(),
  };
}

export interface SatelliteServiceDeps {
  db: Database;
  repository: SatelliteRepository;
  teams: TeamRepository;
  tokens: RegistrationTokens;
  encryptionKey: Buffer;
  clock: Clock;
  settings: SatelliteSettings;
  /** Remembered satellite keys, dropped whenever a satellite's credentials change. */
  keys: Pick<SatelliteKeyResolver, 'forget'>;
  /** Wakes the satellite's metrics streams after a heartbeat. */
  signals?: Pick<StreamSignals, 'publish'>;
  /** Where configuration answers are remembered (configuration.ts); none: every request reads. */
  rememberConfiguration?: ConfigurationDeps['remembering'];
  /** Members' upstream OAuth tokens, for `tokens/status` and `tokens/retrieve`. */
  oauthTokens?: OAuthTokenSource;
}

export function createSatelliteService(deps: SatelliteServiceDeps) {
  const { db, repository, clock } = deps;

  /** Who may manage what: global satellites need the global permission, team ones a team admin. */
  async function canManage(actor: UserActor, scope: 'global' | 'team', teamId: string | null) {
    if (globalRoleHas(actor.globalRole, 'satellites.manage')) return true;
    if (scope === 'global' || !teamId) return false;
    return (await deps.teams.membership(teamId, actor.userId))?.role === 'team_admin';
  }

  async function adminTeamIds(actor: UserActor): Promise<string[] | null> {
    if (globalRoleHas(actor.globalRole, 'satellites.view')) return null;
    const { items } = await deps.teams.listForUser(actor.userId, null);
    return items.filter((r) => r.role === 'team_admin').map((r) => r.team.id);
  }

  /**
   * Tells the teams a satellite works for that it went offline or came back: a team
   * satellite's own team, or the teams whose installations are assigned to a global one.
   */
  async function notifyTeams(
    satellite: { id: string; name: string; teamId: string | null },
    status: 'offline' | 'online',
    tx: Executor,
  ) {
    const teamIds = satellite.teamId
      ? [satellite.teamId]
      : await repository.teamsAssignedTo(satellite.id, tx);
    await notify(
      tx,
      teamIds.map((teamId) => satelliteNotification(teamId, satellite, status)),
    );
  }

  /** Whether the caller belongs to the team (or sees every team's satellites anyway). */
  async function insider(actor: UserActor, teamId: string | null) {
    if (globalRoleHas(actor.globalRole, 'satellites.view')) return true;
    return teamId !== null && Boolean((await deps.teams.membership(teamId, actor.userId))?.role);
  }

  async function mustManage(actor: UserActor, satelliteId: string) {
    // Also called on the raw path parameter, before validation (config.access).
    const satellite = satelliteId.length <= 200 ? await repository.find(satelliteId) : null;
    if (!satellite) throw new NotFoundError('Satellite not found');
    if (!(await canManage(actor, satellite.type as 'global' | 'team', satellite.teamId))) {
      // Team satellites of other teams are not even acknowledged.
      if (satellite.type === 'team' && !globalRoleHas(actor.globalRole, 'satellites.view'))
        throw new NotFoundError('Satellite not found');
      throw new ForbiddenError('This requires the permission satellites.manage');
    }
    return satellite;
  }

  /**
   * A satellite URL a heartbeat reports. It never moves the satellite's URL, which is the audience
   * its MCP clients' tokens must name (introspection): a satellite that could move it could claim
   * the audience of another satellite's tokens. Only a satellite paired without a URL takes the
   * first one a heartbeat reports, once, and that is audited. Another URL than the stored one is
   * answered like any heartbeat and returned, to be kept with the satellite's latest state
   * (`reported_satellite_url`); it is logged once per new value, since it repeats every 30 s.
   */
  async function settleReportedUrl(
    before: SatelliteRow | null,
    reported: string | null,
    request: AuditRequest,
    tx: Executor,
  ): Promise<string | null> {
    if (!before || reported === null || reported === before.satelliteUrl) return null;
    if (before.satelliteUrl === null && (await repository.claimUrl(before.id, reported, tx))) {
      await audit(tx, {
        action: 'satellite.url_changed',
        request,
        teamId: before.teamId,
        target: { type: 'satellite', id: before.id },
        details: { satellite_url: reported, previous_satellite_url: null, by: 'first_heartbeat' },
      });
      return null;
    }
    if (before.lastState.reported_satellite_url !== reported) {
      request?.log.warn(
        { satelliteId: before.id, reportedUrl: reported, satelliteUrl: before.satelliteUrl },
        'a heartbeat reported another satellite_url: the stored one stays (administrators change it)',
      );
    }
    return reported;
  }

  /** Tokens the caller does not manage are answered as if they did not exist. */
  async function mustManageToken(actor: UserActor, tokenId: string) {
    const token = tokenId.length <= 200 ? await repository.findToken(tokenId) : null;
    if (!token || !(await canManage(actor, token.scope as 'global' | 'team', token.teamId)))
      throw new NotFoundError('Registration token not found');
    return token;
  }

  // Commands and configuration live in their own modules (commands.ts, configuration.ts).
  const commands = createCommandQueue({
    db,
    repository,
    clock,
    commandTtlSeconds: deps.settings.commandTtlSeconds,
  });
  const materializeCommands = commands.materialize;

  return {
    canManage,

    // ---- registration tokens
    /**
     * A short-lived global token for the service's own built-in satellite, which pairs itself at
     * the first start (server.ts): no administrator exists yet then, so none is asked. Audited as
     * the system's.
     */
    async issueBuiltInToken(): Promise<string> {
      return db.orm.transaction(async (tx) => {
        const made = await deps.tokens.issue(
          {
            scope: 'global',
            teamId: null,
            ttlSeconds: 300,
            name: 'built-in satellite',
            createdBy: null,
            builtIn: true,
          },
          tx,
        );
        await audit(tx, {
          action: 'satellite.registration_token_created',
          request: null,
          teamId: null,
          target: { type: 'registration_token', id: made.id },
          details: { scope: 'global', built_in: true, expires_at: made.expiresAt.toISOString() },
        });
        return made.token;
      });
    },

    async createToken(
      actor: UserActor,
      input: {
        scope: 'global' | 'team';
        team_id?: string | null;
        expires_in_seconds?: number;
        name?: string | null;
      },
      request: AuditRequest,
    ) {
      const teamId = input.scope === 'team' ? (input.team_id ?? null) : null;
      if (input.scope === 'team' && !teamId)
        throw new ValidationError('body.team_id is required for a team token');
      if (input.scope === 'global' && input.team_id)
        throw new ValidationError('body.team_id is only allowed for a team token');
      // A team the caller is not in is answered as if it did not exist.
      if (teamId && (!(await deps.teams.findById(teamId)) || !(await insider(actor, teamId))))
        throw new ValidationError(`body.team_id ${teamId} does not name a team`);
      if (!(await canManage(actor, input.scope, teamId))) {
        throw new ForbiddenError(
          input.scope === 'global'
            ? 'Only global administrators create global tokens'
            : 'Only the team’s administrators create its tokens',
        );
      }
      const ttl =
        input.expires_in_seconds ??
        (input.scope === 'global'
          ? deps.settings.globalTokenTtlSeconds
          : deps.settings.teamTokenTtlSeconds);
      const issued = await db.orm.transaction(async (tx) => {
        const made = await deps.tokens.issue(
          {
            scope: input.scope,
            teamId,
            ttlSeconds: ttl,
            name: input.name ?? null,
            createdBy: actor.userId,
          },
          tx,
        );
        await audit(tx, {
          action: 'satellite.registration_token_created',
          request,
          teamId,
          target: { type: 'registration_token', id: made.id },
          details: { scope: input.scope, expires_at: made.expiresAt.toISOString() },
        });
        return made;
      });
      return {
        id: issued.id,
        token: issued.token,
        scope: input.scope,
        team_id: teamId,
        expires_at: issued.expiresAt.toISOString(),
      };
    },

    /** `state: 'active'` lists only the tokens that could still pair a satellite by date and use. */
    async listTokens(actor: UserActor, page: Page, filter: { state?: 'active' } = {}) {
      const teamIds = await adminTeamIds(actor);
      const now = clock();
      const { items, total } = await repository.listTokens(
        teamIds,
        page,
        filter.state === 'active' ? { activeAt: now } : {},
      );
      return {
        tokens: items.map((t) => ({
          id: t.id,
          name: t.name,
          scope: t.scope as 'global' | 'team',
          team_id: t.teamId,
          created_by: t.createdBy,
          created_at: t.createdAt.toISOString(),
          expires_at: t.expiresAt.toISOString(),
          used_at: iso(t.usedAt),
          revoked_at: iso(t.revokedAt),
          state: (t.revokedAt
            ? 'revoked'
            : t.usedAt
              ? 'used'
              : t.expiresAt <= now
                ? 'expired'
                : 'active') as 'revoked' | 'used' | 'expired' | 'active',
        })),
        pagination: paginationOf(page, total),
      };
    },

    /**
     * The part of createToken's permission rule that the body as sent decides; it runs before
     * the body is validated, so it trusts nothing about its shape. A global token needs
     * satellites.manage; a team token for a team the caller is in needs its team_admin role.
     * The rest is left to validation and createToken (an outsider's team is a 400 "does not
     * name a team", never a 403 that confirms it exists).
     */
    async mayCreateToken(actor: UserActor, body: unknown) {
      if (globalRoleHas(actor.globalRole, 'satellites.manage')) return;
      const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      if (fields.scope === 'global') {
        throw new ForbiddenError('Only global administrators create global tokens');
      }
      const teamId = fields.team_id;
      if (fields.scope !== 'team' || typeof teamId !== 'string' || teamId.length > 100) return;
      const role = (await deps.teams.membership(teamId, actor.userId))?.role;
      if (role && role !== 'team_admin') {
        throw new ForbiddenError('Only the team’s administrators create its tokens');
      }
    },

    mustManageToken,

    async revokeToken(actor: UserActor, tokenId: string, request: AuditRequest) {
      const token = await mustManageToken(actor, tokenId);
      await db.orm.transaction(async (tx) => {
        await repository.revokeToken(tokenId, clock(), tx);
        await audit(tx, {
          action: 'satellite.registration_token_revoked',
          request,
          teamId: token.teamId,
          target: { type: 'registration_token', id: tokenId },
        });
      });
    },

    resolveToken: (token: string) => deps.tokens.resolve(token),

    /**
     * Pairs a satellite. The token is used up in the same transaction, so only one caller wins.
     * A known name is not taken as a re-registration: docs/satellites.md, Pairing.
     */
    async register(
      actor: RegistrationActor,
      input: {
        name: string;
        capabilities?: string[] | Record<string, unknown>;
        system_info?: Record<string, unknown>;
        satellite_url?: string | null;
      },
      request: AuditRequest,
    ) {
      const key = issueSatelliteKey();
      const id = newId('sat');
      const satellite = await db.orm.transaction(async (tx) => {
        if (!(await repository.consumeToken(actor.tokenId, id, clock(), tx))) {
          // Another request with the same token won the race (or it lapsed meanwhile).
          throw new RegistrationTokenError(
            'token_already_used',
            'The registration token was already used; ask an administrator for a new registration token',
          );
        }
        const row = await repository.insert(
          {
            id,
            name: input.name,
            type: actor.scope,
            teamId: actor.scope === 'team' ? actor.teamId : null,
            keyId: key.keyId,
            keyHash: key.keyHash,
            capabilities: input.capabilities ?? {},
            systemInfo: input.system_info ?? {},
            satelliteUrl: input.satellite_url ?? null,
          },
          tx,
        );
        await audit(tx, {
          action: 'satellite.paired',
          request,
          actor: { type: 'satellite', id },
          teamId: row.teamId,
          target: { type: 'satellite', id },
          details: { registration_token_id: actor.tokenId, scope: actor.scope },
        });
        return row;
      });
      const view = satelliteView(satellite);
      return {
        satellite: {
          id: view.id,
          name: view.name,
          api_key: key.key,
          type: view.type,
          team_id: view.team_id,
          status: view.status,
        },
        data: { satellite: view, api_key: key.key },
      };
    },

    // ---- administration
    async list(actor: UserActor, page: Page) {
      const { items, total } = await repository.list(await adminTeamIds(actor), page);
      return { satellites: items.map(satelliteView), pagination: paginationOf(page, total) };
    },
    get: async (actor: UserActor, id: string) => satelliteView(await mustManage(actor, id)),
    async update(
      actor: UserActor,
      id: string,
      input: { name?: string; disabled?: boolean; satellite_url?: string },
      request: AuditRequest,
    ) {
      const current = await mustManage(actor, id);
      const url =
        input.satellite_url === undefined ? undefined : adminSatelliteUrl(input.satellite_url);
      const row = await db.orm.transaction(async (tx) => {
        const updated = await repository.update(
          id,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.disabled !== undefined
              ? { disabledAt: input.disabled ? (current.disabledAt ?? clock()) : null }
              : {}),
            ...(url !== undefined ? { satelliteUrl: url } : {}),
          },
          tx,
        );
        if (url !== undefined && url !== current.satelliteUrl) {
          // The URL is the audience of the satellite's tokens: who moved it, from where to where.
          await audit(tx, {
            action: 'satellite.url_changed',
            request,
            teamId: current.teamId,
            target: { type: 'satellite', id },
            details: { satellite_url: url, previous_satellite_url: current.satelliteUrl },
          });
        }
        const switched = input.disabled !== undefined && input.disabled !== !!current.disabledAt;
        if (switched) {
          await audit(tx, {
            action: input.disabled ? 'satellite.disabled' : 'satellite.enabled',
            request,
            teamId: current.teamId,
            target: { type: 'satellite', id },
          });
        }
        return updated;
      });
      deps.keys.forget(id);
      return satelliteView(row!);
    },
    async remove(actor: UserActor, id: string, request: AuditRequest) {
      const current = await mustManage(actor, id);
      await db.orm.transaction(async (tx) => {
        await repository.delete(id, tx);
        await audit(tx, {
          action: 'satellite.deleted',
          request,
          teamId: current.teamId,
          target: { type: 'satellite', id },
          details: { name: current.name },
        });
      });
      deps.keys.forget(id);
    },
    async rotateKey(actor: UserActor, id: string, request: AuditRequest) {
      const current = await mustManage(actor, id);
      const key = issueSatelliteKey();
      const row = await db.orm.transaction(async (tx) => {
        const updated = await repository.update(id, { keyId: key.keyId, keyHash: key.keyHash }, tx);
        await audit(tx, {
          action: 'satellite.key_rotated',
          request,
          teamId: current.teamId,
          target: { type: 'satellite', id },
          details: { key_id: key.keyId },
        });
        return updated;
      });
      deps.keys.forget(id);
      return { satellite: satelliteView(row!), api_key: key.key };
    },
    mustManage,

    // ---- the three channels
    /** Records a heartbeat of either shape (heartbeat.ts); never refuses what passed the schema. */
    async heartbeat(
      actor: SatelliteActor,
      input: Record<string, unknown> & { status: ReportedStatus },
      request: AuditRequest,
    ) {
      const now = clock();
      const reading = readHeartbeat(input, request?.headers['user-agent']);
      const state = {
        reported_status: reading.reportedStatus,
        uptime_seconds: reading.uptimeSeconds,
        processes: reading.processes,
        system: reading.system,
        error_count: reading.errorCount,
        ...reading.extras,
      };
      await db.orm.transaction(async (tx) => {
        const before = await repository.find(actor.satelliteId, tx);
        if (before?.status === 'offline') await notifyTeams(before, 'online', tx);
        const otherUrl = await settleReportedUrl(before, reading.satelliteUrl, request, tx);
        await repository.update(
          actor.satelliteId,
          {
            status: 'online',
            lastHeartbeatAt: now,
            ...(reading.version ? { version: reading.version } : {}),
            lastState: otherUrl ? { ...state, reported_satellite_url: otherUrl } : state,
          },
          tx,
        );
        await repository.insertHeartbeat(
          {
            id: newOrderedId('hb'),
            satelliteId: actor.satelliteId,
            status: reading.health,
            cpuPercent: reading.system.cpu_percent ?? null,
            memoryPercent: reading.system.memory_percent ?? null,
            processCount: reading.processCount,
            metrics: state,
            createdAt: now,
          },
          tx,
        );
        await materializeCommands(tx);
      });
      deps.signals?.publish([streamTopics.metrics(actor.satelliteId)]);
      return {
        next_heartbeat_seconds: HEARTBEAT_INTERVAL_SECONDS,
        pending_commands: await repository.countPending(actor.satelliteId, now),
      };
    },

    commands,
    configuration: createConfiguration({
      db,
      encryptionKey: deps.encryptionKey,
      remembering: deps.rememberConfiguration,
    }),
    upstreamTokens: createUpstreamTokens({ db, oauth: deps.oauthTokens }),

    /** Marks satellites offline after three missed heartbeats; returns those it changed. */
    markStaleOffline: () =>
      db.orm.transaction(async (tx) => {
        const cutoff = new Date(clock().getTime() - 3 * HEARTBEAT_INTERVAL_SECONDS * 1000);
        const changed = await repository.markStaleOffline(cutoff, tx);
        for (const satellite of changed) await notifyTeams(satellite, 'offline', tx);
        return changed;
      }),
    expireCommands: () => repository.expireCommands(clock()),
  };
}

export type SatelliteService = ReturnType<typeof createSatelliteService>;
