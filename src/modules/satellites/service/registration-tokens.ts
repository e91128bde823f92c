import type { UserActor, RegistrationActor } from '../../../http/auth/types.js';
import { ForbiddenError, ValidationError } from '../../../http/errors.js';
import { paginationOf, type Page, type Pagination } from '../../../http/pagination.js';
import type { AuditRequest } from '../../audit/context.js';
import { audit } from '../../audit/writer.js';
import { globalRoleHas } from '../../roles/permissions.js';
import type { TokenRow } from '../repository.js';
import type { SatelliteAccess } from './access.js';
import type { SatelliteServiceDeps } from './deps.js';
import { iso } from './view.js';

type TokenDeps = Pick<SatelliteServiceDeps, 'db' | 'repository' | 'teams' | 'tokens' | 'clock'> & {
  settings: Pick<SatelliteServiceDeps['settings'], 'globalTokenTtlSeconds' | 'teamTokenTtlSeconds'>;
  access: SatelliteAccess;
};

export interface CreateTokenInput {
  scope: 'global' | 'team';
  team_id?: string | null;
  expires_in_seconds?: number;
  name?: string | null;
}

/** A token just issued: the only answer that shows the token itself. */
export interface CreatedToken {
  id: string;
  token: string;
  scope: 'global' | 'team';
  team_id: string | null;
  expires_at: string;
}

/** A registration token as the list shows it (never the token itself). */
function tokenView(t: TokenRow, now: Date) {
  return {
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
  };
}

export type TokenView = ReturnType<typeof tokenView>;

/** Issuing, listing and revoking the registration tokens satellites pair with. */
export interface RegistrationTokenJobs {
  /**
   * A short-lived global token for the service's own built-in satellite, which pairs itself at
   * the first start (server.ts): no administrator exists yet then, so none is asked. Audited as
   * the system's.
   */
  issueBuiltInToken(): Promise<string>;
  /** Issues a token for a scope the caller manages, audited; the answer shows it once. */
  createToken(
    actor: UserActor,
    input: CreateTokenInput,
    request: AuditRequest,
  ): Promise<CreatedToken>;
  /** `state: 'active'` lists only the tokens that could still pair a satellite by date and use. */
  listTokens(
    actor: UserActor,
    page: Page,
    filter?: { state?: 'active' },
  ): Promise<{ tokens: TokenView[]; pagination: Pagination }>;
  /**
   * The part of createToken's permission rule that the body as sent decides; it runs before
   * the body is validated, so it trusts nothing about its shape. A global token needs
   * satellites.manage; a team token for a team the caller is in needs its team_admin role.
   * The rest is left to validation and createToken (an outsider's team is a 400 "does not
   * name a team", never a 403 that confirms it exists).
   */
  mayCreateToken(actor: UserActor, body: unknown): Promise<void>;
  /** Tokens the caller does not manage are answered as if they did not exist. */
  mustManageToken(actor: UserActor, tokenId: string): Promise<TokenRow>;
  /** Revokes a token the caller manages, audited. */
  revokeToken(actor: UserActor, tokenId: string, request: AuditRequest): Promise<void>;
  /** The credential resolver of the pairing route (tokens.ts). */
  resolveToken(token: string): Promise<RegistrationActor>;
}

function issueBuiltInToken(deps: TokenDeps): Promise<string> {
  return deps.db.orm.transaction(async (tx) => {
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
}

async function createToken(
  deps: TokenDeps,
  actor: UserActor,
  input: CreateTokenInput,
  request: AuditRequest,
): Promise<CreatedToken> {
  const teamId = input.scope === 'team' ? (input.team_id ?? null) : null;
  if (input.scope === 'team' && !teamId)
    throw new ValidationError('body.team_id is required for a team token');
  if (input.scope === 'global' && input.team_id)
    throw new ValidationError('body.team_id is only allowed for a team token');
  // A team the caller is not in is answered as if it did not exist.
  if (
    teamId &&
    (!(await deps.teams.findById(teamId)) || !(await deps.access.insider(actor, teamId)))
  )
    throw new ValidationError(`body.team_id ${teamId} does not name a team`);
  if (!(await deps.access.canManage(actor, input.scope, teamId))) {
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
  const issued = await deps.db.orm.transaction(async (tx) => {
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
}

async function listTokens(
  deps: TokenDeps,
  actor: UserActor,
  page: Page,
  filter: { state?: 'active' } = {},
) {
  const teamIds = await deps.access.adminTeamIds(actor);
  const now = deps.clock();
  const { items, total } = await deps.repository.listTokens(
    teamIds,
    page,
    filter.state === 'active' ? { activeAt: now } : {},
  );
  return {
    tokens: items.map((t) => tokenView(t, now)),
    pagination: paginationOf(page, total),
  };
}

async function mayCreateToken(deps: TokenDeps, actor: UserActor, body: unknown) {
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
}

async function revokeToken(
  deps: TokenDeps,
  actor: UserActor,
  tokenId: string,
  request: AuditRequest,
) {
  const token = await deps.access.mustManageToken(actor, tokenId);
  await deps.db.orm.transaction(async (tx) => {
    await deps.repository.revokeToken(tokenId, deps.clock(), tx);
    await audit(tx, {
      action: 'satellite.registration_token_revoked',
      request,
      teamId: token.teamId,
      target: { type: 'registration_token', id: tokenId },
    });
  });
}

export function registrationTokenJobs(deps: TokenDeps): RegistrationTokenJobs {
  return {
    issueBuiltInToken: () => issueBuiltInToken(deps),
    createToken: (actor, input, request) => createToken(deps, actor, input, request),
    listTokens: (actor, page, filter) => listTokens(deps, actor, page, filter),
    mayCreateToken: (actor, body) => mayCreateToken(deps, actor, body),
    mustManageToken: deps.access.mustManageToken,
    revokeToken: (actor, tokenId, request) => revokeToken(deps, actor, tokenId, request),
    resolveToken: (token) => deps.tokens.resolve(token),
  };
}
