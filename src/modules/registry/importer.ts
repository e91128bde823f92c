import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/client.js';
import type { ConfigSchema, SyncFailure } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { notify } from '../notifications/writer.js';
import {
  documentWantsOAuth,
  fingerprint,
  digestOf,
  slugFor,
  toCatalogue,
  type CatalogueValues,
} from './mapping.js';
import { serverStatusNotification } from './notifications.js';
import type { RegistryRepository } from './repository.js';
import { EntryError, parseEntry, type Entry, type UpstreamStatus } from './server-json.js';

export type ImportSource = 'import' | 'starter' | 'sync';

export interface ImportOptions {
  source: ImportSource;
  /** Apply upstream changes even to servers edited here (docs/catalogue.md, local edits). */
  overwriteLocalEdits?: boolean;
  /** The administrator's request that imports or syncs; null for a scheduled sync. */
  request: AuditRequest;
}

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  failures: SyncFailure[];
  /** Servers whose upstream changes were not applied to the catalogue because of local edits. */
  localEditsKept: string[];
  /** Newest upstream `updatedAt` among the applied entries. */
  newestUpdate: Date | null;
}

export const emptyResult = (): ImportResult => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  failures: [],
  localEditsKept: [],
  newestUpdate: null,
});

interface Prepared {
  entry: Entry;
  values: CatalogueValues;
  status: UpstreamStatus;
  digest: string;
}

/** A remote server an import created, for the OAuth check that follows the commit. */
export interface NewRemote {
  id: string;
  transport: string;
  url: string | null;
}

type Existing = Awaited<ReturnType<RegistryRepository['existingServers']>>[number];

const date = (s: string | undefined, fallback: Date) => (s ? new Date(s) : fallback);

/** The current catalogue fields of an imported server, in the shape its fingerprint is taken of. */
function currentValues(e: Existing): CatalogueValues {
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

const CATALOGUE_STATUS: Record<UpstreamStatus, string> = {
  active: 'active',
  deprecated: 'deprecated',
  deleted: 'deleted',
};

/**
 * Writes `server.json` entries into the catalogue. Each batch is applied in one transaction; if
 * that fails, every server of the batch is retried in its own, so one bad server costs only its
 * own entries and no server is ever half-imported.
 */
export function createImporter(deps: {
  db: Database;
  repository: RegistryRepository;
  clock: Clock;
  logger: Logger;
  /** After commit: check whether a newly created http/sse server wants OAuth (upstream-oauth). */
  detectOAuth?: (server: NewRemote) => void;
}) {
  const { repository } = deps;

  /** Parses items; the ones that fail are reported, the rest grouped by server name in order. */
  function prepare(items: unknown[], result: ImportResult) {
    const groups = new Map<string, Prepared[]>();
    for (const item of items) {
      try {
        const entry = parseEntry(item);
        const values = toCatalogue(entry.server);
        if (typeof values === 'string')
          throw new EntryError(entry.server.name, entry.server.version, values);
        const group = groups.get(entry.server.name) ?? [];
        if (group.some((p) => p.entry.server.version === entry.server.version)) {
          throw new EntryError(
            entry.server.name,
            entry.server.version,
            'the same version appears twice in one batch',
          );
        }
        group.push({
          entry,
          values,
          status: entry.official?.status ?? 'active',
          digest: digestOf({ server: entry.server, official: entry.official }),
        });
        groups.set(entry.server.name, group);
      } catch (error) {
        if (!(error instanceof EntryError)) throw error;
        result.failed++;
        result.failures.push({
          name: error.entryName,
          version: error.entryVersion,
          reason: error.message,
        });
      }
    }
    return groups;
  }

  /**
   * Which entry of a group becomes the latest: upstream's word when it gives one; otherwise the
   * last version given that the catalogue did not have yet (as publishing it would); otherwise
   * none, and the latest stays where it is.
   */
  function latestOf(group: Prepared[], isNew: (p: Prepared) => boolean): Prepared | null {
    const marked = group.filter((p) => p.entry.official?.isLatest === true);
    if (marked.length > 0) return marked.at(-1)!;
    const bare = group.filter((p) => p.entry.official?.isLatest === undefined && isNew(p));
    return bare.at(-1) ?? null;
  }

  async function applyGroups(
    groups: Map<string, Prepared[]>,
    options: ImportOptions,
    tx: Executor,
    into: ImportResult,
    remotes: NewRemote[] = [],
  ) {
    const now = deps.clock();
    const names = [...groups.keys()];
    const servers = new Map((await repository.existingServers(names, tx)).map((s) => [s.name, s]));
    const versions = new Map(
      (await repository.existingVersions(names, tx)).map((v) => [`${v.name}\u0000${v.version}`, v]),
    );

    // Slugs of new servers: the name's own, or with a short suffix when that one is taken.
    const fresh = names.filter((n) => !servers.has(n));
    const candidates = fresh.flatMap((n) => [slugFor(n), slugFor(n, 'x')]);
    const taken = await repository.takenSlugs(candidates, tx);
    const slugOf = new Map<string, string>();
    for (const n of fresh) {
      const slug = [slugFor(n), slugFor(n, 'x')].find((s) => s && !taken.has(s));
      if (!slug) throw new EntryError(n, null, 'no free catalogue slug for this name');
      taken.add(slug);
      slugOf.set(n, slug);
    }

    const newServers: Array<Record<string, unknown>> = [];
    const newRegistryServers: Parameters<RegistryRepository['insertRegistryServers']>[0] = [];
    const newCatalogueVersions: Parameters<RegistryRepository['insertCatalogueVersions']>[0] = [];
    const newRegistryVersions: Parameters<RegistryRepository['insertRegistryVersions']>[0] = [];
    const afterInsert: Array<() => Promise<void>> = [];

    for (const [name, group] of groups) {
      const existing = servers.get(name);
      // A new server always gets a latest version, as every catalogue server has one.
      const latest =
        latestOf(group, (p) => !versions.has(`${name}\u0000${p.entry.server.version}`)) ??
        (existing ? null : group.at(-1)!);
      const serverId = existing?.serverId ?? newId('srv');
      const head = latest ?? group.at(-1)!;
      const upstreamStatus = latest
        ? latest.status
        : ((existing?.upstreamStatus as UpstreamStatus | undefined) ?? head.status);

      if (!existing) {
        const requiresOauth =
          head.values.transport !== 'stdio' && documentWantsOAuth(head.entry.server);
        if (head.values.transport !== 'stdio' && !requiresOauth)
          remotes.push({ id: serverId, transport: head.values.transport, url: head.values.url });
        newServers.push({
          id: serverId,
          ...head.values,
          requiresOauth,
          slug: slugOf.get(name)!,
          tags: [],
          fromRegistry: true,
          status: CATALOGUE_STATUS[upstreamStatus],
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        });
        newRegistryServers.push({
          serverId,
          name,
          source: options.source,
          fingerprint: fingerprint(head.values),
          upstreamStatus,
        });
      }

      let latestVersionId: string | null = null;
      for (const p of group) {
        const key = `${name}\u0000${p.entry.server.version}`;
        const old = versions.get(key);
        const official = p.entry.official;
        const statusChangedAt = date(official?.statusChangedAt, now);
        if (!old) {
          const versionId = newId('ver');
          newCatalogueVersions.push({
            id: versionId,
            serverId,
            version: p.entry.server.version,
            releaseDate: official?.publishedAt?.slice(0, 10) ?? null,
            // A new server's latest is written as such; a known server's moves after the inserts.
            isLatest: !existing && p === latest,
          });
          newRegistryVersions.push({
            id: newId('rgv'),
            serverId,
            versionId,
            name,
            version: p.entry.server.version,
            document: p.entry.server as unknown as Record<string, unknown>,
            digest: p.digest,
            status: p.status,
            statusMessage: official?.statusMessage ?? null,
            statusChangedAt,
            isLatest: !existing && p === latest,
            publishedAt: date(official?.publishedAt, now),
            upstreamUpdatedAt: official?.updatedAt ? new Date(official.updatedAt) : null,
            updatedAt: now,
          });
          if (p === latest) latestVersionId = versionId;
          into.created++;
        } else {
          if (p === latest) latestVersionId = old.versionId;
          if (old.digest === p.digest) {
            into.unchanged++;
            continue;
          }
          afterInsert.push(() =>
            repository.updateRegistryVersion(
              old.id,
              {
                document: p.entry.server as unknown as Record<string, unknown>,
                digest: p.digest,
                status: p.status,
                statusMessage: official?.statusMessage ?? null,
                ...(old.status !== p.status ? { statusChangedAt } : {}),
                ...(official?.publishedAt ? { publishedAt: new Date(official.publishedAt) } : {}),
                upstreamUpdatedAt: official?.updatedAt ? new Date(official.updatedAt) : null,
                updatedAt: now,
              },
              tx,
            ),
          );
          into.updated++;
        }
        if (official?.updatedAt) {
          const t = new Date(official.updatedAt);
          if (!into.newestUpdate || t > into.newestUpdate) into.newestUpdate = t;
        }
      }

      const latestMoves =
        existing !== undefined &&
        latestVersionId !== null &&
        !versions.get(`${name}\u0000${latest!.entry.server.version}`)?.isLatest;
      if (latestMoves) {
        afterInsert.push(async () => {
          await repository.clearLatest(serverId, tx);
          await repository.markLatest(latestVersionId!, tx);
        });
      }
      if (existing && latest) {
        afterInsert.push(() => updateExisting(existing, latest, upstreamStatus, options, tx, into));
      }
    }

    const newServerIds = newServers.map((server) => server.id as string);
    await repository.insertServers(newServers, tx);
    await repository.insertRegistryServers(newRegistryServers, tx);
    await repository.insertCatalogueVersions(newCatalogueVersions, tx);
    await repository.insertRegistryVersions(newRegistryVersions, tx);
    for (const step of afterInsert) await step();
    // One entry per applied batch, not per server: a sync page of a hundred servers is one
    // change of the catalogue, and a batch that changed nothing is not recorded.
    if (into.created > 0 || into.updated > 0) {
      await audit(tx, {
        action: 'registry.imported',
        request: options.request,
        target: newServers.length === 1 ? { type: 'server', id: newServerIds[0]! } : undefined,
        details: {
          source: options.source,
          servers_created: newServerIds,
          versions_created: into.created,
          versions_updated: into.updated,
        },
      });
    }
  }

  /** The catalogue row of a known server follows its latest document, unless edited here. */
  async function updateExisting(
    existing: Existing,
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
    if (existing.upstreamStatus !== upstreamStatus) {
      await repository.setServerStatus(existing.serverId, CATALOGUE_STATUS[upstreamStatus], tx);
      if (upstreamStatus !== 'active') {
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
    }
  }

  return {
    /**
     * Imports a list of items (documents or registry answers). Returns counts per version
     * entry and the reasons of every entry that was not applied.
     */
    async importItems(items: unknown[], options: ImportOptions): Promise<ImportResult> {
      const result = emptyResult();
      const groups = prepare(items, result);
      if (groups.size === 0) return result;
      const attempt = emptyResult();
      const detect = (remotes: NewRemote[]) => remotes.forEach((r) => deps.detectOAuth?.(r));
      try {
        const remotes: NewRemote[] = [];
        await deps.db.orm.transaction((tx) => applyGroups(groups, options, tx, attempt, remotes));
        detect(remotes);
        return merge(result, attempt);
      } catch {
        // One server spoilt the batch: apply each on its own so the others still land.
      }
      for (const [name, group] of groups) {
        const one = emptyResult();
        try {
          const remotes: NewRemote[] = [];
          await deps.db.orm.transaction((tx) =>
            applyGroups(new Map([[name, group]]), options, tx, one, remotes),
          );
          detect(remotes);
          merge(result, one);
        } catch (error) {
          if (!(error instanceof EntryError))
            deps.logger.error({ err: error, server: name }, 'registry entry not saved');
          const reason =
            error instanceof EntryError
              ? error.message
              : 'the server could not be saved (see the service log)';
          for (const p of group) {
            result.failed++;
            result.failures.push({ name, version: p.entry.server.version, reason });
          }
        }
      }
      return result;
    },
  };
}

function merge(into: ImportResult, from: ImportResult): ImportResult {
  into.created += from.created;
  into.updated += from.updated;
  into.unchanged += from.unchanged;
  into.failed += from.failed;
  into.failures.push(...from.failures);
  into.localEditsKept.push(...from.localEditsKept);
  if (from.newestUpdate && (!into.newestUpdate || from.newestUpdate > into.newestUpdate))
    into.newestUpdate = from.newestUpdate;
  return into;
}

export type Importer = ReturnType<typeof createImporter>;
