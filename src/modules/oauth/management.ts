import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { signalAccessInTransaction } from '../../http/stream/signals.js';
import type { ClientDirectory, ClientListing } from './client-directory.js';
import type { ClientKind } from './clients.js';
import type { OAuthRepository } from './repository.js';

export interface OAuthManagementDeps {
  db: Database;
  repository: OAuthRepository;
  clients: ClientDirectory;
  clock: Clock;
  accessEnded?: (userId: string, tx: Executor) => Promise<void>;
}

/** One active grant of a user: one approval, with the client and the team it acts for. */
export interface GrantView {
  id: string;
  client_id: string;
  client_name: string;
  client_kind: ClientKind;
  team_id: string | null;
  team_name: string | null;
  resource: string | null;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
}

/** A client the user has authorized: their grants to it, taken together. */
export interface AuthorizedClientView {
  client_id: string;
  client_name: string;
  client_kind: ClientKind;
  scopes: string[];
  teams: Array<{ id: string; name: string | null }>;
  resources: string[];
  grants: number;
  last_used_at: string | null;
}

/** A client holding usable tokens for a team, and the members it holds them for. */
export interface TeamClientView {
  client_id: string;
  client_name: string;
  client_kind: ClientKind;
  users: Array<{ user_id: string; username: string }>;
  scopes: string[];
  resources: string[];
  last_used_at: string | null;
}

/**
 * What users, team administrators and global administrators see and end of the OAuth grants:
 * grants per user, authorized clients, the clients acting for a team, and client revocation.
 */
export interface OAuthManagement {
  /** The user's active grants, one per approval, with the client and the team they act for. */
  listGrants(userId: string): Promise<GrantView[]>;
  /** The clients the user has authorized: their grants, grouped by client. */
  authorizedClients(userId: string): Promise<AuthorizedClientView[]>;
  /** Ends every grant and token the user gave this client, and forgets the approval. */
  revokeClientOf(userId: string, clientId: string, request: AuditRequest): Promise<void>;
  /** Ends one of the user's grants and every token issued under it. */
  revokeGrantOf(userId: string, grantId: string, request: AuditRequest): Promise<void>;
  /** For team administrators: which clients hold usable tokens for the team, and for whom. */
  teamClients(teamId: string): Promise<TeamClientView[]>;
  /** Administrators: every registered and metadata-document client. */
  listClients(): Promise<ClientListing[]>;
  /** Administrators: the client can no longer authorize, and every token it holds ends. */
  revokeClient(clientId: string, request: AuditRequest): Promise<void>;
}

/** The user's active grants, one per approval, with the client and the team they act for. */
async function listGrants(deps: OAuthManagementDeps, userId: string): Promise<GrantView[]> {
  const { repository, clients } = deps;
  const grants = await repository.activeGrantsOf(userId);
  const teamNames = await repository.teamNames([
    ...new Set(grants.flatMap((g) => (g.teamId ? [g.teamId] : []))),
  ]);
  const described = new Map<string, { name: string; kind: ClientKind }>();
  for (const id of new Set(grants.map((g) => g.clientId)))
    described.set(id, await clients.describe(id));
  return grants.map((g) => ({
    id: g.id,
    client_id: g.clientId,
    client_name: described.get(g.clientId)!.name,
    client_kind: described.get(g.clientId)!.kind,
    team_id: g.teamId,
    team_name: g.teamId ? (teamNames.get(g.teamId) ?? null) : null,
    resource: g.resource,
    scopes: g.scopes,
    created_at: g.createdAt.toISOString(),
    last_used_at: g.lastUsedAt?.toISOString() ?? null,
  }));
}

/** The clients the user has authorized: their grants, grouped by client. */
async function authorizedClients(
  deps: OAuthManagementDeps,
  userId: string,
): Promise<AuthorizedClientView[]> {
  const grants = await listGrants(deps, userId);
  const byClient = new Map<string, typeof grants>();
  for (const g of grants) byClient.set(g.client_id, [...(byClient.get(g.client_id) ?? []), g]);
  return [...byClient.entries()].map(([clientId, list]) => ({
    client_id: clientId,
    client_name: list[0]!.client_name,
    client_kind: list[0]!.client_kind,
    scopes: [...new Set(list.flatMap((g) => g.scopes))],
    teams: [
      ...new Map(
        list
          .filter((g) => g.team_id)
          .map((g) => [g.team_id, { id: g.team_id!, name: g.team_name }]),
      ).values(),
    ],
    resources: [...new Set(list.flatMap((g) => (g.resource ? [g.resource] : [])))],
    grants: list.length,
    last_used_at:
      list
        .map((g) => g.last_used_at)
        .filter(Boolean)
        .sort()
        .at(-1) ?? null,
  }));
}

/** Ends every grant and token the user gave this client, and forgets the approval. */
async function revokeClientOf(
  deps: OAuthManagementDeps,
  userId: string,
  clientId: string,
  request: AuditRequest,
): Promise<void> {
  const { repository } = deps;
  const held = (await repository.activeGrantsOf(userId)).some((g) => g.clientId === clientId);
  if (!held) throw new NotFoundError('This client holds no access to your account');
  await deps.db.orm.transaction(async (tx) => {
    await repository.revokeMatching(
      (t) => and(eq(t.userId, userId), eq(t.clientId, clientId)),
      deps.clock(),
      tx,
    );
    await repository.forgetConsents(userId, clientId, tx);
    await signalAccessInTransaction(tx, [userId]);
    await deps.accessEnded?.(userId, tx);
    await audit(tx, {
      action: 'oauth.token_revoked',
      request,
      actor: { type: 'user', id: userId },
      target: { type: 'oauth_client', id: clientId },
      details: { user_id: userId },
    });
  });
}

/** Ends one of the user's grants and every token issued under it. */
async function revokeGrantOf(
  deps: OAuthManagementDeps,
  userId: string,
  grantId: string,
  request: AuditRequest,
): Promise<void> {
  const grant = await deps.repository.findGrant(grantId);
  if (!grant || grant.userId !== userId || grant.revokedAt)
    throw new NotFoundError('Grant not found');
  await deps.db.orm.transaction(async (tx) => {
    await deps.repository.revokeGrant(grant.id, deps.clock(), tx);
    await signalAccessInTransaction(tx, [userId]);
    await deps.accessEnded?.(userId, tx);
    await audit(tx, {
      action: 'oauth.token_revoked',
      request,
      actor: { type: 'user', id: userId },
      teamId: grant.teamId,
      target: { type: 'oauth_grant', id: grant.id },
      details: { user_id: userId, client_id: grant.clientId },
    });
  });
}

/** For team administrators: which clients hold usable tokens for the team, and for whom. */
async function teamClients(deps: OAuthManagementDeps, teamId: string): Promise<TeamClientView[]> {
  const rows = await deps.repository.liveGrantsOfTeam(teamId, deps.clock());
  const result = new Map<string, TeamClientView>();
  for (const r of rows) {
    let entry = result.get(r.clientId);
    if (!entry) {
      const about = await deps.clients.describe(r.clientId);
      entry = {
        client_id: r.clientId,
        client_name: about.name,
        client_kind: about.kind,
        users: [],
        scopes: [],
        resources: [],
        last_used_at: null,
      };
      result.set(r.clientId, entry);
    }
    if (!entry.users.some((u) => u.user_id === r.userId))
      entry.users.push({ user_id: r.userId, username: r.username });
    entry.scopes = [...new Set([...entry.scopes, ...r.scopes])];
    if (r.resource && !entry.resources.includes(r.resource)) entry.resources.push(r.resource);
    const used = r.lastUsedAt?.toISOString() ?? null;
    if (used && (!entry.last_used_at || used > entry.last_used_at)) entry.last_used_at = used;
  }
  return [...result.values()];
}

/** Administrators: the client can no longer authorize, and every token it holds ends. */
async function revokeClient(
  deps: OAuthManagementDeps,
  clientId: string,
  request: AuditRequest,
): Promise<void> {
  const { repository } = deps;
  await deps.db.orm.transaction(async (tx) => {
    if (!(await deps.clients.revoke(clientId, tx))) throw new NotFoundError('Client not found');
    const holders = await repository.holdersOf(clientId, tx);
    await repository.revokeMatching((t) => eq(t.clientId, clientId), deps.clock(), tx);
    await repository.forgetConsents(null, clientId, tx);
    // As when an account revokes the client itself: their streams end, and satellites
    // forget the introspections they cached for them instead of trusting them a minute.
    if (holders.length > 0) await signalAccessInTransaction(tx, holders);
    for (const userId of holders) await deps.accessEnded?.(userId, tx);
    await audit(tx, {
      action: 'oauth.client_revoked',
      request,
      target: { type: 'oauth_client', id: clientId },
    });
  });
}

/** The management part of the OAuth service, over its dependencies. */
export function createOAuthManagement(deps: OAuthManagementDeps): OAuthManagement {
  return {
    listGrants: (userId) => listGrants(deps, userId),
    authorizedClients: (userId) => authorizedClients(deps, userId),
    revokeClientOf: (userId, clientId, request) => revokeClientOf(deps, userId, clientId, request),
    revokeGrantOf: (userId, grantId, request) => revokeGrantOf(deps, userId, grantId, request),
    teamClients: (teamId) => teamClients(deps, teamId),
    listClients: () => deps.clients.list(),
    revokeClient: (clientId, request) => revokeClient(deps, clientId, request),
  };
}
