import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { desc } from 'drizzle-orm';
import { auth } from '../../src/http/auth/declare.js';
import type { UserActor } from '../../src/http/auth/types.js';
import {
  countWhere,
  PaginatedData,
  PaginatedQuery,
  pageOf,
  paginationOf,
} from '../../src/http/pagination.js';
import { Success } from '../../src/http/schemas.js';
import type { Database } from '../../src/db/client.js';
import { users } from '../../src/db/schema/index.js';

/**
 * Test-only credentials: the accounts module provides the real resolvers; these let the
 * convention tests exercise the auth plumbing on its own.
 */
export const TEST_ACTORS: Record<string, UserActor> = {
  'admin-session': {
    type: 'user',
    userId: 'usr_admin',
    globalRole: 'global_admin',
    via: 'cookie',
    scopes: [],
  },
  'user-session': {
    type: 'user',
    userId: 'usr_user',
    globalRole: 'global_user',
    via: 'cookie',
    scopes: [],
  },
  'token-teams': {
    type: 'user',
    userId: 'usr_user',
    globalRole: 'global_user',
    via: 'bearer',
    scopes: ['teams:read'],
  },
  'token-none': {
    type: 'user',
    userId: 'usr_user',
    globalRole: 'global_user',
    via: 'bearer',
    scopes: [],
  },
};

export function installTestCredentials(app: FastifyInstance) {
  app.register(async (instance) => {
    instance.credentials.session = async (token) =>
      TEST_ACTORS[token]?.via === 'cookie' ? TEST_ACTORS[token]! : null;
    instance.credentials.accessToken = async (token) =>
      TEST_ACTORS[token]?.via === 'bearer' ? TEST_ACTORS[token]! : null;
  });
}

const Body = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    nested: Type.Optional(Type.Object({ count: Type.Integer() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
const Echo = Success(
  Type.Object({ name: Type.String(), actor: Type.Union([Type.String(), Type.Null()]) }),
);
const common = { tags: ['Probe'], response: { 200: Echo } };

/** Routes that exist only in tests, to probe the conventions every real route relies on. */
export function registerProbeRoutes(app: FastifyInstance, db: Database) {
  installTestCredentials(app);
  app.register(async (plain) => {
    const r = plain.withTypeProvider<TypeBoxTypeProvider>();
    const echo = (name: string, actor: { userId?: string } | null) => ({
      success: true as const,
      data: { name, actor: actor?.userId ?? null },
    });
    r.post(
      '/probe/public',
      {
        config: { auth: auth.public() },
        schema: { ...common, operationId: 'probePublic', summary: 'p', body: Body },
      },
      async (req) => echo(req.body.name, null),
    );
    r.post(
      '/probe/user',
      {
        config: { auth: auth.user() },
        schema: { ...common, operationId: 'probeUser', summary: 'p', body: Body },
      },
      async (req) => echo(req.body.name, req.actor as UserActor),
    );
    r.post(
      '/probe/admin',
      {
        config: { auth: auth.user({ permission: 'settings.edit' }) },
        schema: { ...common, operationId: 'probeAdmin', summary: 'p', body: Body },
      },
      async (req) => echo(req.body.name, req.actor as UserActor),
    );
    r.get(
      '/probe/scoped',
      {
        config: { auth: auth.user({ scope: 'teams:read' }) },
        schema: { ...common, operationId: 'probeScoped', summary: 'p' },
      },
      async (req) => echo('scoped', req.actor as UserActor),
    );
    r.get(
      '/probe/satellite',
      {
        config: { auth: auth.satellite() },
        schema: { ...common, operationId: 'probeSatellite', summary: 'p' },
      },
      async () => echo('satellite', null),
    );
    r.get(
      '/probe/boom',
      {
        config: { auth: auth.public() },
        schema: { ...common, operationId: 'probeBoom', summary: 'p' },
      },
      async () => {
        throw new Error('secret internal detail xyz');
      },
    );
    r.post(
      '/probe/users',
      {
        config: { auth: auth.public() },
        schema: { ...common, operationId: 'probeInsertUser', summary: 'p', body: Body },
      },
      async (req) => {
        await db.orm.insert(users).values({
          id: `usr_${req.body.name}`,
          username: req.body.name,
          email: `${req.body.name}@example.com`,
        });
        return echo(req.body.name, null);
      },
    );
    r.get(
      '/probe/users',
      {
        config: { auth: auth.public() },
        schema: {
          operationId: 'probeListUsers',
          summary: 'p',
          tags: ['Probe'],
          querystring: PaginatedQuery({ prefix: Type.Optional(Type.String()) }),
          response: {
            200: Success(PaginatedData('users', Type.Object({ username: Type.String() }))),
          },
        },
      },
      async (req) => {
        const page = pageOf(req.query);
        const [rows, total] = await Promise.all([
          db.orm
            .select({ username: users.username })
            .from(users)
            .orderBy(desc(users.username))
            .limit(page.limit)
            .offset(page.offset),
          countWhere(db.orm, users, undefined),
        ]);
        return {
          success: true as const,
          data: { users: rows, pagination: paginationOf(page, total) },
        };
      },
    );
  });
}
