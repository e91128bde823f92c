import type { Actor, AuthDeclaration, CredentialResolvers } from './auth/types.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthDeclaration;
  }
  interface FastifyRequest {
    /** The authenticated caller, set by the auth hook; null on public routes. */
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Credential resolvers that business modules register. */
    credentials: CredentialResolvers;
  }
}
