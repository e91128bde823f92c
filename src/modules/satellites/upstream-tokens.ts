import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mcpServerInstallations, mcpServerInstances } from '../../db/schema/index.js';
import { NotFoundError } from '../../http/errors.js';
import type { SatelliteActor } from '../../http/auth/types.js';
import { servedBy } from './configuration.js';

const NOT_SERVED = 'Installation not found';

/**
 * Credentials the satellite asks for on behalf of a member (protocol §13, §14): the member's
 * upstream OAuth token for an http/sse server, and a GitHub token to download a repository.
 * Groundstation stores neither yet, so it answers "none" (status `exists: false`, 404 on
 * retrieval and for GitHub, after which the satellite downloads anonymously) — but only for an
 * installation and member this satellite serves: anything else is 404 like an unknown record.
 */
export function createUpstreamTokens(deps: { db: Database }) {
  async function mustServe(
    actor: SatelliteActor,
    installationId: string,
    member?: { userId: string; teamId: string },
  ) {
    const [installation] = await deps.db.orm
      .select({ teamId: mcpServerInstallations.teamId })
      .from(mcpServerInstallations)
      .where(and(eq(mcpServerInstallations.id, installationId), servedBy(actor)));
    if (!installation) throw new NotFoundError(NOT_SERVED);
    if (!member) return;
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
  }

  type Request = { installation_id: string; user_id: string; team_id: string };
  const memberOf = (body: Request) => ({ userId: body.user_id, teamId: body.team_id });

  return {
    async oauthStatus(actor: SatelliteActor, body: Request) {
      await mustServe(actor, body.installation_id, memberOf(body));
      return { exists: false, expired: null, expires_at: null, can_refresh: false };
    },
    async oauthRetrieve(actor: SatelliteActor, body: Request): Promise<never> {
      await mustServe(actor, body.installation_id, memberOf(body));
      throw new NotFoundError(
        'No OAuth token is stored for this member and installation: Groundstation does not ' +
          'store upstream OAuth tokens yet',
      );
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
