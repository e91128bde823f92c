import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import { userActor } from '../../http/auth/actor.js';
import { done, ok } from '../../http/envelope.js';
import { pageOf } from '../../http/pagination.js';
import { ErrorEnvelopeRef, MessageOnly } from '../../http/schemas.js';
import type { AuthService } from '../auth/service.js';
import { TeamListQuery, TeamListResponse } from '../teams/schemas.js';
import type { TeamService } from '../teams/service.js';
import {
  AdminUpdateUserBody,
  ChangePasswordBody,
  MeResponse,
  UpdateProfileBody,
  UserIdParams,
  UserListQuery,
  UserListResponse,
  UserResponse,
} from './schemas.js';
import type { UserService } from './service.js';

const tags = ['Users'];
const conflict = ErrorEnvelopeRef('Conflicts with another account or would leave no administrator');
const tooMany = ErrorEnvelopeRef(
  'Too many wrong passwords for this account; see retry_after and the Retry-After header',
);

interface UserRouteDeps {
  users: UserService;
  teams: TeamService;
  auth: AuthService;
}

/** The caller's own account, password and teams. */
const profileRoutes: FastifyPluginAsyncTypebox<UserRouteDeps> = async (app, deps) => {
  app.get(
    '/api/users/me',
    {
      config: { auth: auth.user({ scope: 'user:read' }) },
      schema: {
        operationId: 'getMe',
        summary: 'The caller’s account and teams',
        tags,
        response: { 200: MeResponse },
      },
    },
    async (request) => ok(await deps.users.me(userActor(request).userId)),
  );

  app.patch(
    '/api/users/me',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'updateMe',
        summary: 'Change the caller’s username, email or display name',
        description:
          'Changing the email needs current_password (wrong guesses count toward the sign-in ' +
          'limit of the account) and marks the new address unverified.',
        tags,
        body: UpdateProfileBody,
        response: { 200: UserResponse, 409: conflict, 429: tooMany },
      },
    },
    async (request) =>
      ok({
        user: await deps.users.updateProfile(userActor(request).userId, request.body, request),
      }),
  );

  app.post(
    '/api/users/me/password',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'changeMyPassword',
        summary: 'Change the caller’s password',
        description:
          'Every other session and every OAuth grant of the account ends; this session stays ' +
          'signed in. Wrong current_password guesses count toward the sign-in limit of the account.',
        tags,
        body: ChangePasswordBody,
        response: { 200: MessageOnly, 429: tooMany },
      },
    },
    async (request) => {
      const actor = userActor(request);
      await deps.auth.changePassword(
        actor.userId,
        actor.sessionId,
        request.body.current_password,
        request.body.new_password,
        request,
      );
      return done('Password changed; other sessions were signed out');
    },
  );

  app.get(
    '/api/users/me/teams',
    {
      config: { auth: auth.user({ scope: 'teams:read' }) },
      schema: {
        operationId: 'listMyTeams',
        summary: 'Teams the caller belongs to, with the caller’s role',
        tags,
        querystring: TeamListQuery,
        response: { 200: TeamListResponse },
      },
    },
    async (request) => ok(await deps.teams.listMine(userActor(request), pageOf(request.query))),
  );
};

/** Every account, as administrators see and manage them. */
const administrationRoutes: FastifyPluginAsyncTypebox<UserRouteDeps> = async (app, deps) => {
  app.get(
    '/api/users',
    {
      config: { auth: auth.user({ permission: 'users.view' }) },
      schema: {
        operationId: 'listUsers',
        summary: 'Every account, searchable',
        tags,
        querystring: UserListQuery,
        response: { 200: UserListResponse },
      },
    },
    async (request) => ok(await deps.users.list(pageOf(request.query), request.query.q)),
  );

  app.get(
    '/api/users/:userId',
    {
      config: { auth: auth.user({ permission: 'users.view' }) },
      schema: {
        operationId: 'getUser',
        summary: 'One account',
        tags,
        params: UserIdParams,
        response: { 200: UserResponse },
      },
    },
    async (request) => ok({ user: await deps.users.get(request.params.userId) }),
  );

  app.patch(
    '/api/users/:userId',
    {
      config: { auth: auth.user({ permission: 'users.manage' }) },
      schema: {
        operationId: 'adminUpdateUser',
        summary: 'Change an account’s global role, or disable or enable it',
        description:
          'Disabling ends the account’s sessions and OAuth grants at once; enabling it again ' +
          'does not bring them back.',
        tags,
        params: UserIdParams,
        body: AdminUpdateUserBody,
        response: { 200: UserResponse, 409: conflict },
      },
    },
    async (request) =>
      ok({ user: await deps.users.adminUpdate(request.params.userId, request.body, request) }),
  );

  app.delete(
    '/api/users/:userId',
    {
      config: { auth: auth.user({ permission: 'users.manage' }) },
      schema: {
        operationId: 'deleteUser',
        summary: 'Delete an account, its sessions, memberships and default team',
        tags,
        params: UserIdParams,
        response: { 200: MessageOnly, 409: conflict },
      },
    },
    async (request) => {
      await deps.users.delete(request.params.userId, request);
      return done('Account deleted');
    },
  );
};

export const userRoutes: FastifyPluginAsyncTypebox<UserRouteDeps> = async (app, deps) => {
  await profileRoutes(app, deps);
  await administrationRoutes(app, deps);
};
