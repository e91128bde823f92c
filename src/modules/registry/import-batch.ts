import type { Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { audit } from '../audit/writer.js';
import { CATALOGUE_STATUS, updateExisting } from './import-existing.js';
import { latestOf, type Prepared } from './import-prepare.js';
import type { ImportOptions, ImportResult, NewRemote } from './import-result.js';
import { documentWantsOAuth, fingerprint, slugFor } from './mapping.js';
import type { ExistingServer, ExistingVersion, RegistryImportStore } from './repository-import.js';
import { EntryError, type UpstreamStatus } from './server-json.js';

type Store = RegistryImportStore;

/** What one applied batch writes: the inserts, in this order, then the updates after them. */
interface BatchWrites {
  servers: Array<Record<string, unknown>>;
  registryServers: Parameters<Store['insertRegistryServers']>[0];
  catalogueVersions: Parameters<Store['insertCatalogueVersions']>[0];
  registryVersions: Parameters<Store['insertRegistryVersions']>[0];
  afterInsert: Array<() => Promise<void>>;
}

/** One batch being applied: what the catalogue holds of it, and what it is going to write. */
interface Batch {
  repository: Store;
  options: ImportOptions;
  tx: Executor;
  into: ImportResult;
  remotes: NewRemote[];
  now: Date;
  servers: Map<string, ExistingServer>;
  versions: Map<string, ExistingVersion>;
  slugOf: Map<string, string>;
  writes: BatchWrites;
}

/** One server of a batch, as planned: its id, what it was, and which entry becomes latest. */
interface ServerPlan {
  name: string;
  serverId: string;
  existing: ExistingServer | undefined;
  latest: Prepared | null;
}

const versionKey = (name: string, version: string) => `${name}\u0000${version}`;
const date = (s: string | undefined, fallback: Date) => (s ? new Date(s) : fallback);

/** Slugs of new servers: the name's own, or with a short suffix when that one is taken. */
async function assignSlugs(repository: Store, fresh: string[], tx: Executor) {
  const candidates = fresh.flatMap((n) => [slugFor(n), slugFor(n, 'x')]);
  const taken = await repository.takenSlugs(candidates, tx);
  const slugOf = new Map<string, string>();
  for (const n of fresh) {
    const slug = [slugFor(n), slugFor(n, 'x')].find((s) => s && !taken.has(s));
    if (!slug) throw new EntryError(n, null, 'no free catalogue slug for this name');
    taken.add(slug);
    slugOf.set(n, slug);
  }
  return slugOf;
}

/**
 * Applies parsed groups in the caller's transaction: plans every server's rows first, then
 * inserts them in bulk, then runs the updates of known servers and records the batch.
 */
export async function applyGroups(
  deps: { repository: Store; clock: Clock },
  groups: Map<string, Prepared[]>,
  options: ImportOptions,
  tx: Executor,
  into: ImportResult,
  remotes: NewRemote[],
) {
  const { repository } = deps;
  const now = deps.clock();
  const names = [...groups.keys()];
  const servers = new Map((await repository.existingServers(names, tx)).map((s) => [s.name, s]));
  const versions = new Map(
    (await repository.existingVersions(names, tx)).map((v) => [versionKey(v.name, v.version), v]),
  );
  const fresh = names.filter((n) => !servers.has(n));
  const batch: Batch = {
    repository,
    options,
    tx,
    into,
    remotes,
    now,
    servers,
    versions,
    slugOf: await assignSlugs(repository, fresh, tx),
    writes: {
      servers: [],
      registryServers: [],
      catalogueVersions: [],
      registryVersions: [],
      afterInsert: [],
    },
  };
  for (const [name, group] of groups) planServer(batch, name, group);
  await writeBatch(batch);
}

/** Plans one server of the batch: its row when new, its versions, and its latest version. */
function planServer(batch: Batch, name: string, group: Prepared[]) {
  const existing = batch.servers.get(name);
  // A new server always gets a latest version, as every catalogue server has one.
  const latest =
    latestOf(group, (p) => !batch.versions.has(versionKey(name, p.entry.server.version))) ??
    (existing ? null : group.at(-1)!);
  const plan: ServerPlan = {
    name,
    serverId: existing?.serverId ?? newId('srv'),
    existing,
    latest,
  };
  const head = latest ?? group.at(-1)!;
  const upstreamStatus = latest
    ? latest.status
    : ((existing?.upstreamStatus as UpstreamStatus | undefined) ?? head.status);

  if (!existing) planNewServer(batch, plan, head, upstreamStatus);
  const latestVersionId = planVersions(batch, plan, group);

  const { repository, tx, writes } = batch;
  const latestMoves =
    existing !== undefined &&
    latestVersionId !== null &&
    !batch.versions.get(versionKey(name, latest!.entry.server.version))?.isLatest;
  if (latestMoves) {
    writes.afterInsert.push(async () => {
      await repository.clearLatest(plan.serverId, tx);
      await repository.markLatest(latestVersionId!, tx);
    });
  }
  if (existing && latest) {
    writes.afterInsert.push(() =>
      updateExisting(repository, existing, latest, upstreamStatus, batch.options, tx, batch.into),
    );
  }
}

/** The catalogue row and registry identity of a server the catalogue does not have yet. */
function planNewServer(
  batch: Batch,
  plan: ServerPlan,
  head: Prepared,
  upstreamStatus: UpstreamStatus,
) {
  const { serverId } = plan;
  const requiresOauth = head.values.transport !== 'stdio' && documentWantsOAuth(head.entry.server);
  if (head.values.transport !== 'stdio' && !requiresOauth)
    batch.remotes.push({ id: serverId, transport: head.values.transport, url: head.values.url });
  batch.writes.servers.push({
    id: serverId,
    ...head.values,
    requiresOauth,
    slug: batch.slugOf.get(plan.name)!,
    tags: [],
    fromRegistry: true,
    status: CATALOGUE_STATUS[upstreamStatus],
    createdAt: batch.now.toISOString(),
    updatedAt: batch.now.toISOString(),
  });
  batch.writes.registryServers.push({
    serverId,
    name: plan.name,
    source: batch.options.source,
    fingerprint: fingerprint(head.values),
    upstreamStatus,
  });
}

/**
 * Plans a server's versions: new ones inserted, changed ones updated, the rest counted as
 * unchanged. Returns the catalogue version id of the latest entry, if the group names one.
 */
function planVersions(batch: Batch, plan: ServerPlan, group: Prepared[]): string | null {
  const { into } = batch;
  let latestVersionId: string | null = null;
  for (const p of group) {
    const old = batch.versions.get(versionKey(plan.name, p.entry.server.version));
    if (!old) {
      const versionId = planNewVersion(batch, plan, p);
      if (p === plan.latest) latestVersionId = versionId;
      into.created++;
    } else {
      if (p === plan.latest) latestVersionId = old.versionId;
      if (old.digest === p.digest) {
        into.unchanged++;
        continue;
      }
      planChangedVersion(batch, old, p);
      into.updated++;
    }
    const updatedAt = p.entry.official?.updatedAt;
    if (updatedAt) {
      const t = new Date(updatedAt);
      if (!into.newestUpdate || t > into.newestUpdate) into.newestUpdate = t;
    }
  }
  return latestVersionId;
}

/** The catalogue version and stored document of a new version; returns the version's id. */
function planNewVersion(batch: Batch, plan: ServerPlan, p: Prepared): string {
  const { now } = batch;
  const official = p.entry.official;
  // A new server's latest is written as such; a known server's moves after the inserts.
  const isLatest = !plan.existing && p === plan.latest;
  const versionId = newId('ver');
  batch.writes.catalogueVersions.push({
    id: versionId,
    serverId: plan.serverId,
    version: p.entry.server.version,
    releaseDate: official?.publishedAt?.slice(0, 10) ?? null,
    isLatest,
  });
  batch.writes.registryVersions.push({
    id: newId('rgv'),
    serverId: plan.serverId,
    versionId,
    name: plan.name,
    version: p.entry.server.version,
    document: p.entry.server as unknown as Record<string, unknown>,
    digest: p.digest,
    status: p.status,
    statusMessage: official?.statusMessage ?? null,
    statusChangedAt: date(official?.statusChangedAt, now),
    isLatest,
    publishedAt: date(official?.publishedAt, now),
    upstreamUpdatedAt: official?.updatedAt ? new Date(official.updatedAt) : null,
    updatedAt: now,
  });
  return versionId;
}

/** The update of a stored document whose content or upstream metadata changed. */
function planChangedVersion(batch: Batch, old: ExistingVersion, p: Prepared) {
  const { repository, tx, now } = batch;
  const official = p.entry.official;
  const statusChangedAt = date(official?.statusChangedAt, now);
  batch.writes.afterInsert.push(() =>
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
}

/** Writes the planned rows, runs the planned updates, and records the batch in the audit log. */
async function writeBatch(batch: Batch) {
  const { repository, tx, writes, into, options } = batch;
  const newServerIds = writes.servers.map((server) => server.id as string);
  await repository.insertServers(writes.servers, tx);
  await repository.insertRegistryServers(writes.registryServers, tx);
  await repository.insertCatalogueVersions(writes.catalogueVersions, tx);
  await repository.insertRegistryVersions(writes.registryVersions, tx);
  for (const step of writes.afterInsert) await step();
  // One entry per applied batch, not per server: a sync page of a hundred servers is one
  // change of the catalogue, and a batch that changed nothing is not recorded.
  if (into.created > 0 || into.updated > 0) {
    await audit(tx, {
      action: 'registry.imported',
      request: options.request,
      target: writes.servers.length === 1 ? { type: 'server', id: newServerIds[0]! } : undefined,
      details: {
        source: options.source,
        servers_created: newServerIds,
        versions_created: into.created,
        versions_updated: into.updated,
      },
    });
  }
}
