import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import { userActor } from '../../http/auth/actor.js';
import { done, ok } from '../../http/envelope.js';
import { pageOf } from '../../http/pagination.js';
import { ErrorEnvelopeRef, MessageOnly } from '../../http/schemas.js';
import {
  AddMemberBody,
  ChangeRoleBody,
  CreateTeamBody,
  MemberListResponse,
  MemberParams,
  MemberResponse,
  TeamListQuery,
  TeamListResponse,
  TeamParams,
  TeamResponse,
  UpdateTeamBody,
} from './schemas.js';
import type { TeamService } from './service.js';

const tags = ['Teams'];
const conflict = ErrorEnvelopeRef(
  'Conflicts with the team’s rules (slug taken, last admin, default team)',
);

interface TeamRouteDeps {
  service: TeamService;
}

/** The caller's default team, the caller's teams and every team. */
const teamListRoutes: FastifyPluginAsyncTypebox<TeamRouteDeps> = async (app, { service }) => {
  app.get(
    '/api/teams/me/default',
    {
      config: { auth: auth.user({ scope: 'teams:read' }) },
      schema: {
        operationId: 'getMyDefaultTeam',
        summary: 'The caller’s default team',
        tags,
        response: { 200: TeamResponse },
      },
    },
    async (request) => ok({ team: await service.defaultFor(userActor(request)) }),
  );

  app.get(
    '/api/teams',
    {
      config: { auth: auth.user({ scope: 'teams:read' }) },
      schema: {
        operationId: 'listTeams',
        summary: 'Teams the caller belongs to',
        tags,
        querystring: TeamListQuery,
        response: { 200: TeamListResponse },
      },
    },
    async (request) => ok(await service.listMine(userActor(request), pageOf(request.query))),
  );

  app.get(
    '/api/admin/teams',
    {
      config: { auth: auth.user({ permission: 'teams.view' }) },
      schema: {
        operationId: 'listAllTeams',
        summary: 'Every team on the service',
        tags,
        querystring: TeamListQuery,
        response: { 200: TeamListResponse },
      },
    },
    async (request) => ok(await service.listAll(userActor(request), pageOf(request.query))),
  );
};

/** Creating, reading, changing and deleting one team. */
const teamRecordRoutes: FastifyPluginAsyncTypebox<TeamRouteDeps> = async (app, { service }) => {
  app.post(
    '/api/teams',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'createTeam',
        summary: 'Create a team; the caller becomes its team_admin',
        tags,
        body: CreateTeamBody,
        response: { 201: TeamResponse, 409: conflict },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok({ team: await service.create(userActor(request), request.body, request) })),
  );

  app.get(
    '/api/teams/:teamId',
    {
      config: { auth: auth.team({ scope: 'teams:read' }) },
      schema: {
        operationId: 'getTeam',
        summary: 'One team the caller belongs to',
        tags,
        params: TeamParams,
        response: { 200: TeamResponse },
      },
    },
    async (request) => ok({ team: await service.get(request.params.teamId, userActor(request)) }),
  );

  app.patch(
    '/api/teams/:teamId',
    {
      config: { auth: auth.team({ permission: 'team.edit' }) },
      schema: {
        operationId: 'updateTeam',
        summary: 'Rename or describe a team',
        tags,
        params: TeamParams,
        body: UpdateTeamBody,
        response: { 200: TeamResponse, 409: conflict },
      },
    },
    async (request) =>
      ok({
        team: await service.update(
          request.params.teamId,
          userActor(request),
          request.body,
          request,
        ),
      }),
  );

  app.delete(
    '/api/teams/:teamId',
    {
      config: { auth: auth.team({ permission: 'team.edit' }) },
      schema: {
        operationId: 'deleteTeam',
        summary: 'Delete a team (not a default team)',
        tags,
        params: TeamParams,
        response: { 200: MessageOnly, 409: conflict },
      },
    },
    async (request) => {
      await service.delete(request.params.teamId, request);
      return done('Team deleted');
    },
  );
};

/** A team's members and their roles. */
const memberRoutes: FastifyPluginAsyncTypebox<TeamRouteDeps> = async (app, { service }) => {
  app.get(
    '/api/teams/:teamId/members',
    {
      config: { auth: auth.team({ permission: 'team.members.view' }) },
      schema: {
        operationId: 'listTeamMembers',
        summary: 'Members of a team',
        tags,
        params: TeamParams,
        querystring: TeamListQuery,
        response: { 200: MemberListResponse },
      },
    },
    async (request) => ok(await service.listMembers(request.params.teamId, pageOf(request.query))),
  );

  app.post(
    '/api/teams/:teamId/members',
    {
      config: { auth: auth.team({ permission: 'team.members.manage' }) },
      schema: {
        operationId: 'addTeamMember',
        summary: 'Add an account to a team by username or email',
        tags,
        params: TeamParams,
        body: AddMemberBody,
        response: { 201: MemberResponse, 409: ErrorEnvelopeRef('Already a member') },
      },
    },
    async (request, reply) => {
      const member = await service.addMemberByLogin(
        request.params.teamId,
        request.body.login,
        request.body.role ?? 'team_user',
        request,
      );
      return reply.code(201).send(ok({ member }));
    },
  );

  app.patch(
    '/api/teams/:teamId/members/:userId',
    {
      config: { auth: auth.team({ permission: 'team.members.manage' }) },
      schema: {
        operationId: 'changeTeamMemberRole',
        summary: 'Change a member’s team role',
        tags,
        params: MemberParams,
        body: ChangeRoleBody,
        response: { 200: MemberResponse, 409: conflict },
      },
    },
    async (request) =>
      ok({
        member: await service.changeRole(
          request.params.teamId,
          request.params.userId,
          request.body.role,
          request,
        ),
      }),
  );

  app.delete(
    '/api/teams/:teamId/members/:userId',
    {
      // Any member may remove themselves; removing someone else needs the permission.
      config: { auth: auth.team({ permission: 'team.members.manage', selfParam: 'userId' }) },
      schema: {
        operationId: 'removeTeamMember',
        summary: 'Remove a member, or leave the team',
        description:
          'Team admins remove anyone; every member may remove themselves. The last team_admin cannot leave.',
        tags,
        params: MemberParams,
        response: { 200: MessageOnly, 409: conflict },
      },
    },
    async (request) => {
      await service.removeMember(
        request.params.teamId,
        request.params.userId,
        userActor(request),
        request.teamRole,
        request,
      );
      return done('Member removed');
    },
  );
};

export const teamRoutes: FastifyPluginAsyncTypebox<TeamRouteDeps> = async (app, deps) => {
  await teamListRoutes(app, deps);
  await teamRecordRoutes(app, deps);
  await memberRoutes(app, deps);
};
