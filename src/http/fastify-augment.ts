import type { FastifyReply } from 'fastify';
import type { HelmetOptions } from 'helmet';
import type { TeamRole } from '../modules/roles/permissions.js';
import type { JobRunner } from '../jobs/runner.js';
import type { Metrics } from '../metrics/registry.js';
import type { AccessRule, Actor, AuthDeclaration, CredentialResolvers } from './auth/types.js';
import type { RateLimitName, RateLimitPolicies } from '../modules/rate-limits/policy.js';
import type { StreamHub } from './stream/support.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthDeclaration;
    /** A check on the record the request names, run after `auth` and before validation. */
    access?: AccessRule;
    /** The rate limit this route counts against; checked around authentication. */
    rateLimit?: RateLimitName;
    /** This route's own security-header options, replacing the API's (security.ts). */
    helmet?: HelmetOptions;
    /**
     * A GET that changes what it names (an emailed link). Replicas forget what they remember
     * after any other method; these routes must say so to be treated alike (forget-on-change.ts).
     */
    changes?: boolean;
  }
  interface FastifyRequest {
    /** The authenticated caller, set by the auth hook; null on public routes. */
    actor: Actor | null;
    /** The caller's role in the route's team (team-scoped routes); team_admin for global admins. */
    teamRole: TeamRole | null;
  }
  interface FastifyInstance {
    /** Credential resolvers that business modules register. */
    credentials: CredentialResolvers;
    /** Rate-limit policies that the application registers, by the names routes declare. */
    rateLimits: RateLimitPolicies;
    /** Periodic jobs; server.ts starts them, tests run them one at a time. */
    jobs: JobRunner;
    /** What server.ts needs to pair the built-in satellite: a one-time registration token. */
    builtInSatellite: { issueToken(): Promise<string> };
    /** Server-Sent Event streams: their settings and the ones open in this process. */
    streams: StreamHub;
    /** This app's Prometheus metrics; server.ts serves them on METRICS_PORT when set. */
    metrics: Metrics;
    /** Answers with the web console's page; null until the console module has a build. */
    consolePage: ((reply: FastifyReply) => FastifyReply) | null;
  }
}
