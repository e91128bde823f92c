import type { Executor } from '../../db/client.js';
import type { ConfigSchema } from '../../db/schema/index.js';
import { notify } from '../notifications/writer.js';
import { fingerprint, type CatalogueValues } from './mapping.js';
import type { ImportOptions, ImportResult } from './import-result.js';
import type { Prepared } from './import-prepare.js';
import { serverStatusNotification } from './notifications.js';
import type { ExistingServer, RegistryImportStore } from './repository-import.js';
import type { UpstreamStatus } from './server-json.js';

export const CATALOGUE_STATUS: Record<UpstreamStatus, string> = {
  active: 'active',
  deprecated: 'deprecated',
  deleted: 'deleted',
};

/** The current catalogue fields of an imported server, in the shape its fingerprint is taken of. */
function currentValues(e: ExistingServer): CatalogueValues {
  const s = e.server;
  return {
    name: s.name,
    description: s.description,
    repositoryUrl: s.repositoryUrl,
    homepage: s.homepage,
    transport: s.transport as CatalogueValues['transport'],
    runtime: s.runtime,
    command: s.command,
    package: s.package,
    args: s.args,
    url: s.url,
    configSchema: s.configSchema as ConfigSchema,
  };
}

/** The catalogue row of a known server follows its latest document, unless edited here. */
export async function updateExisting(
  repository: RegistryImportStore,
  existing: ExistingServer,
  latest: Prepared,
  upstreamStatus: UpstreamStatus,
  options: ImportOptions,
  tx: Executor,
  into: ImportResult,
) {
  const next = fingerprint(latest.values);
  const editedHere = fingerprint(currentValues(existing)) !== existing.fingerprint;
  const changed = next !== existing.fingerprint;
  if (changed && editedHere && !options.overwriteLocalEdits) {
    into.localEditsKept.push(existing.name);
    into.failures.push({
      name: existing.name,
      version: latest.entry.server.version,
      reason:
        'local edits kept: the catalogue entry was changed here, so the upstream change was not applied to it',
    });
    await repository.updateRegistryServer(
      existing.serverId,
      { localEditsKept: true, upstreamStatus },
      tx,
    );
  } else if (changed || (editedHere && options.overwriteLocalEdits)) {
    await repository.updateCatalogueServer(
      existing.serverId,
      latest.values,
      existing.server.tags,
      tx,
    );
    await repository.updateRegistryServer(
      existing.serverId,
      { fingerprint: next, localEditsKept: false, upstreamStatus, source: options.source },
      tx,
    );
  } else if (existing.upstreamStatus !== upstreamStatus) {
    await repository.updateRegistryServer(existing.serverId, { upstreamStatus }, tx);
  }
  if (existing.upstreamStatus !== upstreamStatus)
    await followStatus(repository, existing, latest, upstreamStatus, tx);
}

/** A changed upstream status reaches the catalogue row, and teams that installed the server. */
async function followStatus(
  repository: RegistryImportStore,
  existing: ExistingServer,
  latest: Prepared,
  upstreamStatus: UpstreamStatus,
  tx: Executor,
) {
  await repository.setServerStatus(existing.serverId, CATALOGUE_STATUS[upstreamStatus], tx);
  if (upstreamStatus === 'active') return;
  const teams = await repository.teamsWithInstallations(existing.serverId, tx);
  await notify(
    tx,
    teams.map((t) =>
      serverStatusNotification(t.teamId, {
        id: existing.serverId,
        name: existing.server.name,
        registryName: existing.name,
        status: upstreamStatus,
        message: latest.entry.official?.statusMessage ?? null,
      }),
    ),
  );
}
