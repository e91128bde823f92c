import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mcpServerInstallations, mcpServerInstances } from '../../db/schema/index.js';
import { NotFoundError } from '../../http/errors.js';
import type { SatelliteActor } from '../../http/auth/types.js';
import type { AuditRequest } from '../audit/context.js';
import { servedBy } from './configuration.js';

const NOT_SERVED = 'Installation not found';

/** A member's current upstream OAuth token (src/modules/upstream-oauth), refreshed if due. */
export interface OAuthTokenSource {
  current(
    instanceId: string,
    request: AuditRequest,
  ): Promise<{
    accessToken: string;
    tokenType: string;
    scope: string | null;
    expiresAt: Date | null;
    refreshToken: string | null;
  } | null>;
}

/**
 * Credentials the satellite asks for on behalf of a member (protocol §13, §14): the member's
 * upstream OAuth token for an http/sse server, and a GitHub token to download a repository.
 * OAuth tokens come from the member's sign-in (never the refresh token); GitHub tokens are not
 * stored, so that answer is 404 (the satellite downloads anonymously). Only for an installation
 * and member this satellite serves: anything else is 404 like an unknown record.
 */
export function createUpstreamTokens(deps: { db: Database; oauth?: OAuthTokenSource }) {
  async function mustServe(actor: SatelliteActor, installationId: string) {
    const [installation] = await deps.db.orm
      .select({ teamId: mcpServerInstallations.teamId })
      .from(mcpServerInstallations)
      .where(and(eq(mcpServerInstallations.id, installationId), servedBy(actor)));
    if (!installation) throw new NotFoundError(NOT_SERVED);
    return installation;
  }

  /** The member's instance of an installation this satellite serves. */
  async function mustServeMember(
    actor: SatelliteActor,
    installationId: string,
    member: { userId: string; teamId: string },
  ): Promise<string> {
    const installation = await mustServe(actor, installationId);
    if (installation.teamId !== member.teamId) throw new NotFoundError(NOT_SERVED);
    const [instance] = await deps.db.orm
      .select({ id: mcpServerInstances.id })
      .from(mcpServerInstances)
      .where(
        and(
          eq(mcpServerInstances.installationId, installationId),
          eq(mcpServerInstances.userId, member.userId),
        ),
      );
    if (!instance) throw new NotFoundError('That user has no instance of this installation');
    return instance.id;
  }

  type Request = { installation_id: string; user_id: string; team_id: string };
  const memberOf = (body: Request) => ({ userId: body.user_id, teamId: body.team_id });

  return {
    async oauthStatus(actor: SatelliteActor, body: Request, request: AuditRequest) {
      const instanceId = await mustServeMember(actor, body.installation_id, memberOf(body));
      const tokens = await deps.oauth?.current(instanceId, request);
      if (!tokens) return { exists: false, expired: null, expires_at: null, can_refresh: false };
      return {
        exists: true,
        expired: tokens.expiresAt === null ? null : tokens.expiresAt.getTime() <= Date.now(),
        expires_at: tokens.expiresAt?.toISOString() ?? null,
        can_refresh: tokens.refreshToken !== null,
      };
    },
    /** The access token only: the refresh token never leaves the service. */
    async oauthRetrieve(actor: SatelliteActor, body: Request, request: AuditRequest) {
      const instanceId = await mustServeMember(actor, body.installation_id, memberOf(body));
      const tokens = await deps.oauth?.current(instanceId, request);
      if (!tokens)
        throw new NotFoundError(
          'No OAuth token is stored for this member and installation: the member must sign in',
        );
      return {
        access_token: tokens.accessToken,
        refresh_token: null,
        token_type: tokens.tokenType,
        expires_at: tokens.expiresAt?.toISOString() ?? null,
        scope: tokens.scope,
      };
    },
    async githubToken(actor: SatelliteActor, installationId: string): Promise<never> {
      await mustServe(actor, installationId);
      throw new NotFoundError(
        'No GitHub token for this installation: Groundstation does not deploy from GitHub ' +
          'repositories; download anonymously',
      );
    },
  };
}

export type UpstreamTokens = ReturnType<typeof createUpstreamTokens>;
