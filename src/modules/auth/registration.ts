import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { ConflictError, ForbiddenError } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { audit } from '../audit/writer.js';
import type { UserRow } from '../users/repository.js';
import { sendToken } from './email-tokens.js';
import { checkPasswordPolicy, hashPassword } from './passwords.js';
import type { AuthServiceDeps } from './service-deps.js';

// Serialises registrations so that exactly one account can become the first global_admin.
const REGISTRATION_LOCK = 7_242_019_002;

/** Creating accounts by email and password. */
export interface Registration {
  /** Creates the account, its default team and a session; the first account is global_admin. */
  register(
    input: { username: string; email: string; password: string },
    request: FastifyRequest,
  ): Promise<{ user: UserRow; token: string }>;
}

export function createRegistration(deps: AuthServiceDeps): Registration {
  const { db, users, clock } = deps;
  return {
    async register(input, request) {
      checkPasswordPolicy(input.password, 'body.password', input);
      const passwordHash = await hashPassword(input.password);
      const registrationEnabled = await deps.settings.flag('auth.registration_enabled');
      const { user, token } = await db.orm.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
        const first = !(await users.anyExists(tx));
        if (!first && !registrationEnabled) {
          throw new ForbiddenError('Registration is switched off on this service');
        }
        if (await users.findByLogin(input.username, tx)) {
          throw new ConflictError('That username is taken', 'DUPLICATE');
        }
        if (await users.findByEmail(input.email, tx)) {
          throw new ConflictError('An account with that email already exists', 'DUPLICATE');
        }
        const created = await users.insert(
          {
            id: newId('usr'),
            username: input.username,
            email: input.email,
            passwordHash,
            globalRole: first ? 'global_admin' : 'global_user',
            passwordChangedAt: clock(),
          },
          tx,
        );
        await deps.teams.createDefaultTeam(created.id, created.username, tx);
        const token = await deps.sessions.start(created.id, request, tx);
        await audit(tx, {
          action: 'user.created',
          request,
          actor: { type: 'user', id: created.id },
          target: { type: 'user', id: created.id },
          details: { global_role: created.globalRole, via: 'registration' },
        });
        return { user: created, token };
      });
      if (await deps.mailer.isConfigured()) {
        // The account exists either way; a mail failure must not undo the registration.
        await sendToken(deps, user, 'verify_email').catch((error: unknown) =>
          deps.logger.warn(
            { err: error, userId: user.id },
            'could not send the verification email',
          ),
        );
      }
      return { user, token };
    },
  };
}
