import type { Static } from '@sinclair/typebox';
import { fieldNames } from '../audit/fields.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import type { Executor } from '../../db/client.js';
import { ConflictError, ValidationError } from '../../http/errors.js';
import { encryptSecret } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { slugify } from '../teams/service.js';
import { columnsOf, type ColumnsOfFields } from './columns.js';
import { normalizeConfigSchema } from './config-schema.js';
import type { CatalogueServiceDeps } from './deps.js';
import { mustFindServer } from './reading.js';
import type { CatalogueRepository, NewServer } from './repository.js';
import type { ServerBody } from './schemas.js';
import { serverView, type ServerView } from './views.js';

type ServerInput = Static<typeof ServerBody>;

/** The server's fields that the satellites' configuration is built from (satellites/configuration.ts). */
const RUNTIME_FIELDS = [
  'name',
  'slug',
  'transport',
  'runtime',
  'command',
  'package',
  'args',
  'url',
  'configSchema',
  'requiresOauth',
] as const;

/** The column each field of a server's body is stored in (`oauth_client`: oauthClientValues). */
const SERVER_COLUMNS: ColumnsOfFields<Omit<ServerInput, 'oauth_client'>, NewServer> = {
  name: (name) => ({ name }),
  slug: (slug) => ({ slug }),
  description: (description) => ({ description }),
  category_id: (categoryId) => ({ categoryId }),
  tags: (tags) => ({ tags }),
  repository_url: (repositoryUrl) => ({ repositoryUrl }),
  repo_stars: (repoStars) => ({ repoStars }),
  homepage: (homepage) => ({ homepage }),
  language: (language) => ({ language }),
  transport: (transport) => ({ transport }),
  runtime: (runtime) => ({ runtime }),
  command: (command) => ({ command }),
  package: (pkg) => ({ package: pkg }),
  args: (args) => ({ args }),
  url: (url) => ({ url }),
  config_schema: (schema) => ({ configSchema: normalizeConfigSchema(schema) }),
  status: (status) => ({ status }),
  featured: (featured) => ({ featured }),
  requires_oauth: (requiresOauth) => ({ requiresOauth }),
};

/** An administrator's client for the server's authorization server; the secret encrypted. */
function oauthClientValues(client: ServerInput['oauth_client'], encryptionKey: Buffer) {
  if (client === undefined) return {};
  return {
    oauthClientId: client?.client_id ?? null,
    oauthClientSecret: client?.client_secret
      ? encryptSecret(client.client_secret, encryptionKey)
      : null,
  };
}

/** The columns a server's (partial) body sets. */
function serverValues(input: Partial<ServerInput>, encryptionKey: Buffer): Partial<NewServer> {
  const { oauth_client, ...fields } = input;
  return {
    ...oauthClientValues(oauth_client, encryptionKey),
    ...columnsOf<Omit<ServerInput, 'oauth_client'>, NewServer>(fields, SERVER_COLUMNS),
  };
}

function checkRunnable(s: {
  transport: string;
  url: string | null;
  command: string | null;
  package: string | null;
  requiresOauth?: boolean;
}) {
  if (s.transport === 'stdio' && s.requiresOauth)
    throw new ValidationError('body.requires_oauth is only for the http and sse transports');
  if (s.transport !== 'stdio' && !s.url)
    throw new ValidationError(`body.url is required for the ${s.transport} transport`);
  if (s.transport === 'stdio' && !s.command && !s.package) {
    throw new ValidationError('body.command or body.package is required for the stdio transport');
  }
}

async function checkCategory(
  repository: CatalogueRepository,
  categoryId: string | null | undefined,
) {
  if (categoryId && !(await repository.findCategory(categoryId))) {
    throw new ValidationError(`body.category_id ${categoryId} does not name a category`);
  }
}

/**
 * Satellites run installations from the server's runtime fields: each installation's satellites
 * fetch their configuration again (a `configure` command), as after an installation's change.
 */
async function reconfigureInstallations(
  deps: Pick<CatalogueServiceDeps, 'repository' | 'pendingWork'>,
  serverId: string,
  tx: Executor,
) {
  for (const installation of await deps.repository.installationsOf(serverId, tx)) {
    await deps.pendingWork.record(
      {
        kind: 'installation.updated',
        teamId: installation.teamId,
        installationId: installation.id,
      },
      tx,
    );
  }
}

/** Adding, changing and removing the catalogue's servers (global-catalogue administrators). */
export interface ServerEditing {
  /** Adds a server; left without `requires_oauth`, a remote one is checked for OAuth after. */
  createServer(input: ServerInput, request: AuditRequest): Promise<ServerView>;
  /** Changes the given fields; satellites running it are told to fetch their configuration. */
  updateServer(id: string, input: Partial<ServerInput>, request: AuditRequest): Promise<ServerView>;
  /** Removes a server; one that teams installed needs `force`, which removes those too. */
  deleteServer(id: string, force: boolean, request: AuditRequest): Promise<void>;
}

export function createServerEditing(
  deps: Pick<CatalogueServiceDeps, 'db' | 'repository' | 'pendingWork' | 'oauth' | 'encryptionKey'>,
): ServerEditing {
  const { db, repository } = deps;

  return {
    async createServer(input, request) {
      await checkCategory(repository, input.category_id);
      const slug = input.slug ?? slugify(input.name);
      if (await repository.slugTaken(slug, null))
        throw new ConflictError(`The server slug ${slug} is taken`, 'DUPLICATE');
      const values = {
        ...serverValues(input, deps.encryptionKey),
        slug,
        configSchema: normalizeConfigSchema(input.config_schema),
      };
      checkRunnable({
        transport: input.transport,
        url: input.url ?? null,
        command: input.command ?? null,
        package: input.package ?? null,
        requiresOauth: input.requires_oauth ?? false,
      });
      const row = await db.orm.transaction(async (tx) => {
        const inserted = await repository.insertServer(
          { id: newId('srv'), name: input.name, transport: input.transport, ...values },
          tx,
        );
        await audit(tx, {
          action: 'catalogue.server_created',
          request,
          target: { type: 'server', id: inserted.id },
          details: { slug },
        });
        return inserted;
      });
      if (input.requires_oauth === undefined) deps.oauth?.detect(row);
      return serverView(row);
    },
    async updateServer(id, input, request) {
      const current = await mustFindServer(repository, id);
      if (input.category_id !== undefined) await checkCategory(repository, input.category_id);
      if (input.slug && (await repository.slugTaken(input.slug, current.id))) {
        throw new ConflictError(`The server slug ${input.slug} is taken`, 'DUPLICATE');
      }
      const values = serverValues(input, deps.encryptionKey);
      checkRunnable({ ...current, ...values });
      const row = await db.orm.transaction(async (tx) => {
        const updated = await repository.updateServer(current.id, values, current, tx);
        if (values.requiresOauth !== undefined && values.requiresOauth !== current.requiresOauth)
          await deps.oauth?.changed(current.id, values.requiresOauth, tx);
        if (RUNTIME_FIELDS.some((field) => field in values))
          await reconfigureInstallations(deps, current.id, tx);
        await audit(tx, {
          action: 'catalogue.server_updated',
          request,
          target: { type: 'server', id: current.id },
          details: { fields: fieldNames(input, 1) },
        });
        return updated;
      });
      // A new address may want OAuth where the old one did not.
      const moved = values.url !== undefined || values.transport !== undefined;
      if (moved && input.requires_oauth === undefined && !row!.requiresOauth)
        deps.oauth?.detect(row!);
      return serverView(row!);
    },
    async deleteServer(id, force, request) {
      const server = await mustFindServer(repository, id);
      await db.orm.transaction(async (tx) => {
        const installed = await repository.countInstallations(server.id, tx);
        if (installed > 0 && !force) {
          throw new ConflictError(
            `${installed} team installation(s) use this server; pass force=true to remove them too`,
            'SERVER_IN_USE',
          );
        }
        for (const removed of await repository.deleteInstallationsOf(server.id, tx)) {
          await deps.pendingWork.record(
            { kind: 'installation.deleted', teamId: removed.teamId, installationId: removed.id },
            tx,
          );
        }
        await repository.deleteServer(server.id, tx);
        await audit(tx, {
          action: 'catalogue.server_deleted',
          request,
          target: { type: 'server', id: server.id },
          details: { slug: server.slug, forced: force },
        });
      });
    },
  };
}
