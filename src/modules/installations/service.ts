import { installationNotification, type NewNotification } from '../notifications/kinds.js';
import type { AuditRequest } from '../audit/context.js';
import { auditInsert, type AuditEntryInput } from '../audit/writer.js';
import { fieldNames } from '../audit/fields.js';
import { notificationWrites } from '../notifications/writer.js';
import type { Static } from '@sinclair/typebox';
import type { Database, Executor } from '../../db/client.js';
import { together } from '../../db/json-rows.js';
import { executePrepared, type StatementNames } from '../../db/prepared.js';
import type { ConfigSchema } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.js';
import { paginationOf, type Page } from '../../http/pagination.js';
import type { UserActor } from '../../http/auth/types.js';
import { createCoalescedReads } from '../../lib/coalesced-reads.js';
import { SIGN_IN_NEEDED } from '../upstream-oauth/instances.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { CatalogueRepository, ServerRow } from '../catalogue/repository.js';
import { teamRoleHas, type TeamRole } from '../roles/permissions.js';
import type { MembershipListener } from '../teams/service.js';
import { emptyValues, maskValues, mergeValues, missingRequired } from './config-values.js';
import { pendingWorkInsert, type PendingWork, type PendingWorkRecorder } from './pending-work.js';
import type { InstallationRepository, InstallationRow, InstanceRow } from './repository.js';
import {
  MAX_DISABLED_TOOLS,
  type InstallationBody,
  type InstallationUpdateBody,
  type InstanceStatus,
  type ValuesInput,
} from './schemas.js';

const iso = (d: Date) => d.toISOString();

function instanceView(i: InstanceRow) {
  return {
    id: i.id,
    installation_id: i.installationId,
    user_id: i.userId,
    status: i.status as InstanceStatus,
    status_message: i.statusMessage,
    status_updated_at: iso(i.statusUpdatedAt),
    created_at: iso(i.createdAt),
  };
}

function installationView(
  row: { installation: InstallationRow; server: ServerRow },
  mine: InstanceRow | null,
) {
  const { installation: i, server } = row;
  return {
    id: i.id,
    team_id: i.teamId,
    name: i.name,
    server: { id: server.id, name: server.name, slug: server.slug, transport: server.transport },
    version_id: i.versionId,
    team_config: maskValues(server.configSchema.team, i.teamConfig),
    satellite_id: i.satelliteId,
    settings: {
      request_logging_enabled: i.settings.request_logging_enabled,
      disabled_tools: i.settings.disabled_tools ?? [],
    },
    tool_count: i.toolCount,
    total_tokens: i.totalTokens,
    my_instance: mine
      ? {
          id: mine.id,
          status: mine.status as InstanceStatus,
          status_message: mine.statusMessage,
          status_updated_at: iso(mine.statusUpdatedAt),
        }
      : null,
    created_at: iso(i.createdAt),
    updated_at: iso(i.updatedAt),
  };
}

/**
 * What every installation change leaves besides the installation itself: the satellites' pending
 * work, the team's notifications and the audit entry, written by one statement in the change's
 * transaction (each is one more round trip otherwise). The statement runs prepared where `names`
 * admits it: its text is one of a few, and PostgreSQL otherwise parses and plans it every time,
 * which cost more than the audit entry's writing (docs/performance.md).
 */
function changeRecorder(names: StatementNames) {
  return async (
    tx: Executor,
    change: { work: PendingWork; notifications?: NewNotification[]; entry: AuditEntryInput },
  ) => {
    const notifications = notificationWrites(change.notifications ?? []);
    const writes = [
      pendingWorkInsert(change.work),
      notifications.insert,
      auditInsert(change.entry),
    ];
    const statement = together(
      writes.filter((write) => write !== null),
      notifications.signal ?? undefined,
    );
    if (statement) await executePrepared(tx, statement, names);
  };
}

/**
 * A new instance waits for its member when personal required fields are empty, or when the
 * server wants each member to sign in with OAuth (docs/upstream-oauth.md).
 */
function initialStatus(
  server: { configSchema: ConfigSchema; requiresOauth: boolean },
  userValues: ReturnType<typeof emptyValues>,
): { status: InstanceStatus; statusMessage: string | null } {
  if (missingRequired(server.configSchema.user, userValues).length > 0)
    return { status: 'awaiting_user_config', statusMessage: null };
  if (server.requiresOauth)
    return { status: 'awaiting_user_config', statusMessage: SIGN_IN_NEEDED };
  return { status: 'provisioning', statusMessage: null };
}

export interface InstallationServiceDeps {
  db: Database;
  repository: InstallationRepository;
  catalogue: CatalogueRepository;
  pendingWork: PendingWorkRecorder;
  encryptionKey: Buffer;
  clock: Clock;
  /** Whether the member has signed in to the server with OAuth (src/modules/upstream-oauth). */
  oauthConnected?: (installationId: string, userId: string, tx: Executor) => Promise<boolean>;
}

export function createInstallationService(deps: InstallationServiceDeps) {
  const { db, repository, pendingWork, encryptionKey, clock } = deps;
  const recordChange = changeRecorder(db.statementNames.changes);

  async function mustFind(teamId: string, installationId: string, tx?: Executor) {
    const row = await repository.find(teamId, installationId, tx);
    if (!row) throw new NotFoundError('Installation not found');
    return row;
  }

  async function checkVersion(
    server: ServerRow,
    versionId: string | null | undefined,
    tx: Executor,
  ) {
    if (versionId && !(await deps.catalogue.findVersion(server.id, versionId, tx))) {
      throw new ValidationError(`body.version_id ${versionId} is not a version of ${server.slug}`);
    }
  }

  async function checkSatellite(
    teamId: string,
    satelliteId: string | null | undefined,
    tx: Executor,
  ) {
    if (satelliteId && !(await repository.satelliteCanServe(satelliteId, teamId, tx))) {
      throw new ValidationError(
        `body.satellite_id ${satelliteId} does not name a satellite that can serve this team`,
      );
    }
  }

  function teamValues(
    server: ServerRow,
    stored: ReturnType<typeof emptyValues>,
    input: Static<typeof ValuesInput> | undefined,
  ) {
    const values = mergeValues(
      server.configSchema.team,
      stored,
      input,
      encryptionKey,
      'body.team_config',
    );
    const missing = missingRequired(server.configSchema.team, values);
    if (missing.length > 0)
      throw new ValidationError(`body.team_config is missing required ${missing.join(', ')}`);
    return values;
  }

  async function createInstances(
    installationId: string,
    teamId: string,
    server: { configSchema: ConfigSchema; requiresOauth: boolean },
    userIds: string[],
    tx: Executor,
  ) {
    const now = clock();
    await repository.insertInstances(
      userIds.map((userId) => ({
        id: newId('ins'),
        installationId,
        teamId,
        userId,
        ...initialStatus(server, emptyValues()),
        statusUpdatedAt: now,
        createdAt: now,
      })),
      tx,
    );
  }

  const membershipListener: MembershipListener = {
    async memberAdded(teamId, userId, tx) {
      const installations = await repository.allOfTeam(teamId, tx);
      for (const { installation, server } of installations) {
        await createInstances(installation.id, teamId, server, [userId], tx);
      }
      if (installations.length > 0)
        await pendingWork.record({ kind: 'member.added', teamId, userId }, tx);
    },
    async memberRemoved(teamId, userId, tx) {
      const instances = await repository.instancesOfTeamUser(teamId, userId, tx);
      await repository.removeMemberRecords(teamId, userId, tx);
      if (instances.length > 0) {
        await pendingWork.record(
          {
            kind: 'member.removed',
            teamId,
            userId,
            payload: { instance_ids: instances.map((i) => i.id) },
          },
          tx,
        );
      }
    },
  };

  const pages = createCoalescedReads({ gatherOneTurn: true });

  return {
    membershipListener,

    /** Read on every page load of a team: the same page asked at once is read once. */
    list(teamId: string, actor: UserActor, page: Page) {
      return pages.read(JSON.stringify([teamId, actor.userId, page]), async () => {
        const { rows, total } = await repository.pageWithOwnInstances(teamId, actor.userId, page);
        return {
          installations: rows.map((row) => installationView(row, row.instance)),
          pagination: paginationOf(page, total),
        };
      });
    },

    async get(teamId: string, installationId: string, actor: UserActor) {
      const row = await mustFind(teamId, installationId);
      return installationView(row, await repository.instanceOf(installationId, actor.userId));
    },

    async create(
      teamId: string,
      actor: UserActor,
      input: Static<typeof InstallationBody>,
      request: AuditRequest,
    ) {
      const server = await deps.catalogue.findServer(input.server_id);
      if (!server)
        throw new ValidationError(
          `body.server_id ${input.server_id} does not name a catalogue server`,
        );
      // Deleted upstream (a registry sync): existing installations stay, new ones are refused.
      if (server.status === 'deleted')
        throw new ConflictError(
          `${server.name} was deleted from its registry and can no longer be installed`,
          'SERVER_DELETED',
        );
      const id = newId('inst');
      const name = input.name ?? server.name;
      await db.orm.transaction(async (tx) => {
        await checkVersion(server, input.version_id, tx);
        await checkSatellite(teamId, input.satellite_id, tx);
        if (await repository.nameTaken(teamId, name, null, tx)) {
          throw new ConflictError(
            `The team already has an installation named ${name}`,
            'DUPLICATE',
          );
        }
        await repository.insert(
          {
            id,
            teamId,
            serverId: server.id,
            versionId: input.version_id ?? null,
            name,
            teamConfig: teamValues(server, emptyValues(), input.team_config),
            satelliteId: input.satellite_id ?? null,
            settings: { request_logging_enabled: input.settings?.request_logging_enabled ?? false },
            createdBy: actor.userId,
          },
          tx,
        );
        await createInstances(id, teamId, server, await repository.memberIds(teamId, tx), tx);
        await recordChange(tx, {
          work: { kind: 'installation.created', teamId, installationId: id },
          notifications: [installationNotification(teamId, { id, name }, 'created')],
          entry: {
            action: 'installation.created',
            request,
            teamId,
            target: { type: 'installation', id },
            details: { server_id: server.id, fields: fieldNames(input) },
          },
        });
      });
      return this.get(teamId, id, actor);
    },

    async update(
      teamId: string,
      installationId: string,
      actor: UserActor,
      input: Static<typeof InstallationUpdateBody>,
      request: AuditRequest,
    ) {
      await db.orm.transaction(async (tx) => {
        const { installation, server } = await mustFind(teamId, installationId, tx);
        if (input.version_id !== undefined) await checkVersion(server, input.version_id, tx);
        await checkSatellite(teamId, input.satellite_id, tx);
        if (input.name && (await repository.nameTaken(teamId, input.name, installationId, tx))) {
          throw new ConflictError(
            `The team already has an installation named ${input.name}`,
            'DUPLICATE',
          );
        }
        await repository.update(
          installationId,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.version_id !== undefined ? { versionId: input.version_id } : {}),
            ...(input.satellite_id !== undefined ? { satelliteId: input.satellite_id } : {}),
            ...(input.team_config !== undefined
              ? { teamConfig: teamValues(server, installation.teamConfig, input.team_config) }
              : {}),
            ...(input.settings !== undefined
              ? { settings: { ...installation.settings, ...input.settings } }
              : {}),
          },
          tx,
        );
        await recordChange(tx, {
          work: {
            kind: 'installation.updated',
            teamId,
            installationId,
            payload: { changed: Object.keys(input) },
          },
          entry: {
            action: 'installation.updated',
            request,
            teamId,
            target: { type: 'installation', id: installationId },
            details: { fields: fieldNames(input) },
          },
        });
      });
      return this.get(teamId, installationId, actor);
    },

    /**
     * Switches one tool of the installation off (or on again) for the team's MCP clients. The
     * list travels in the installation's settings, so every satellite's configuration carries
     * it, and a `configure` command tells the serving satellites at once.
     */
    async setToolStatus(
      teamId: string,
      installationId: string,
      toolName: string,
      disabled: boolean,
      request: AuditRequest,
    ) {
      await db.orm.transaction(async (tx) => {
        const { installation } = await mustFind(teamId, installationId, tx);
        const current = installation.settings.disabled_tools ?? [];
        const others = current.filter((name) => name !== toolName);
        if (disabled && others.length >= MAX_DISABLED_TOOLS) {
          throw new ValidationError(
            `An installation can have at most ${MAX_DISABLED_TOOLS} tools switched off`,
          );
        }
        const disabledTools = disabled ? [...others, toolName] : others;
        await repository.update(
          installationId,
          { settings: { ...installation.settings, disabled_tools: disabledTools } },
          tx,
        );
        await recordChange(tx, {
          work: {
            kind: 'installation.tool_status',
            teamId,
            installationId,
            payload: { tool_name: toolName, is_disabled: disabled },
          },
          entry: {
            action: 'installation.tool_status_changed',
            request,
            teamId,
            target: { type: 'installation', id: installationId },
            details: { tool_name: toolName, is_disabled: disabled },
          },
        });
      });
      return { tool_name: toolName, is_disabled: disabled };
    },

    async delete(teamId: string, installationId: string, request: AuditRequest) {
      await db.orm.transaction(async (tx) => {
        const { installation } = await mustFind(teamId, installationId, tx);
        // Instances and personal values go with it (foreign keys cascade).
        await repository.delete(installationId, tx);
        await recordChange(tx, {
          work: { kind: 'installation.deleted', teamId, installationId },
          notifications: [installationNotification(teamId, installation, 'deleted')],
          entry: {
            action: 'installation.deleted',
            request,
            teamId,
            target: { type: 'installation', id: installationId },
            details: { name: installation.name },
          },
        });
      });
    },

    /** Administrators see every member's instance; members see their own. */
    async instances(
      teamId: string,
      installationId: string,
      actor: UserActor,
      teamRole: TeamRole | null,
      page: Page,
    ) {
      await mustFind(teamId, installationId);
      const seesAll = teamRole !== null && teamRoleHas(teamRole, 'mcp.installations.edit');
      const { items, total } = await repository.listInstances(
        installationId,
        seesAll ? null : actor.userId,
        page,
      );
      return { instances: items.map(instanceView), pagination: paginationOf(page, total) };
    },

    async myInstance(teamId: string, installationId: string, actor: UserActor) {
      await mustFind(teamId, installationId);
      const instance = await repository.instanceOf(installationId, actor.userId);
      if (!instance) throw new NotFoundError('You have no instance of this installation');
      return instanceView(instance);
    },

    async userConfig(teamId: string, installationId: string, actor: UserActor) {
      const { server } = await mustFind(teamId, installationId);
      const [config, instance] = await Promise.all([
        repository.userConfig(installationId, actor.userId),
        repository.instanceOf(installationId, actor.userId),
      ]);
      if (!instance) throw new NotFoundError('You have no instance of this installation');
      const values = config?.values ?? emptyValues();
      return {
        installation_id: installationId,
        values: maskValues(server.configSchema.user, values),
        missing_required: missingRequired(server.configSchema.user, values),
        status: instance.status as InstanceStatus,
        updated_at: config ? iso(config.updatedAt) : null,
      };
    },

    /** Saves the caller's own values; filling every required field releases the instance. */
    async saveUserConfig(
      teamId: string,
      installationId: string,
      actor: UserActor,
      input: Static<typeof ValuesInput>,
      request: AuditRequest,
    ) {
      await db.orm.transaction(async (tx) => {
        const { server } = await mustFind(teamId, installationId, tx);
        const instance = await repository.instanceOf(installationId, actor.userId, tx);
        if (!instance) throw new NotFoundError('You have no instance of this installation');
        const stored =
          (await repository.userConfig(installationId, actor.userId, tx))?.values ?? emptyValues();
        const values = mergeValues(
          server.configSchema.user,
          stored,
          input,
          encryptionKey,
          'body.values',
        );
        const now = clock();
        await repository.saveUserConfig(installationId, actor.userId, values, now, tx);
        const complete = missingRequired(server.configSchema.user, values).length === 0;
        const signedIn =
          !server.requiresOauth ||
          ((await deps.oauthConnected?.(installationId, actor.userId, tx)) ?? false);
        if (complete && !signedIn && instance.status === 'awaiting_user_config') {
          await repository.setInstanceStatus(
            instance.id,
            'awaiting_user_config',
            SIGN_IN_NEEDED,
            now,
            tx,
          );
        } else if (complete && instance.status === 'awaiting_user_config') {
          await repository.setInstanceStatus(instance.id, 'provisioning', null, now, tx);
        } else if (!complete && instance.status !== 'awaiting_user_config') {
          await repository.setInstanceStatus(
            instance.id,
            'awaiting_user_config',
            'Required personal configuration is missing',
            now,
            tx,
          );
        }
        await recordChange(tx, {
          work: { kind: 'user_config.saved', teamId, installationId, userId: actor.userId },
          entry: {
            action: 'installation.personal_config_changed',
            request,
            teamId,
            target: { type: 'installation', id: installationId },
            details: { fields: fieldNames(input) },
          },
        });
      });
      return this.userConfig(teamId, installationId, actor);
    },
  };
}

export type InstallationService = ReturnType<typeof createInstallationService>;
