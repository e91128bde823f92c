import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import { userActor } from '../../http/auth/actor.js';
import { done, ok } from '../../http/envelope.js';
import { pageOf } from '../../http/pagination.js';
import { ErrorEnvelopeRef, MessageOnly } from '../../http/schemas.js';
import {
  InstallationBody,
  InstallationListResponse,
  InstallationParams,
  ToolParams,
  ToolStatusBody,
  ToolStatusResponse,
  InstallationResponse,
  InstallationUpdateBody,
  InstanceListResponse,
  InstanceResponse,
  ListQuery,
  TeamParams,
  UserConfigBody,
  UserConfigResponse,
} from './schemas.js';
import type { InstallationService } from './service.js';
import type { RouteApp } from '../../http/route-app.js';

const tags = ['Installations'];
const BASE = '/api/teams/:teamId/mcp/installations';
const ONE = `${BASE}/:installationId`;
const nameTaken = ErrorEnvelopeRef('The team already has an installation with that name');

/** Listing the team's installations, installing a server, and one installation. */
function registerInstallingRoutes(app: RouteApp, service: InstallationService) {
  app.get(
    BASE,
    {
      config: { auth: auth.team({ permission: 'mcp.installations.view', scope: 'mcp:read' }) },
      schema: {
        operationId: 'listInstallations',
        summary: 'The team’s installed servers, with the caller’s own instance',
        tags,
        params: TeamParams,
        querystring: ListQuery,
        response: { 200: InstallationListResponse },
      },
    },
    async (request) =>
      ok(await service.list(request.params.teamId, userActor(request), pageOf(request.query))),
  );

  app.post(
    BASE,
    {
      config: { auth: auth.team({ permission: 'mcp.installations.create' }) },
      schema: {
        operationId: 'createInstallation',
        summary: 'Install a catalogue server for the team; every member gets an instance',
        tags,
        params: TeamParams,
        body: InstallationBody,
        response: { 201: InstallationResponse, 409: nameTaken },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        ok({
          installation: await service.create(
            request.params.teamId,
            userActor(request),
            request.body,
            request,
          ),
        }),
      ),
  );

  app.get(
    ONE,
    {
      config: { auth: auth.team({ permission: 'mcp.installations.view', scope: 'mcp:read' }) },
      schema: {
        operationId: 'getInstallation',
        summary: 'One installation',
        tags,
        params: InstallationParams,
        response: { 200: InstallationResponse },
      },
    },
    async (request) =>
      ok({
        installation: await service.get(
          request.params.teamId,
          request.params.installationId,
          userActor(request),
        ),
      }),
  );
}

/** Changing and removing one installation, and switching its tools off or on. */
function registerChangeRoutes(app: RouteApp, service: InstallationService) {
  app.patch(
    ONE,
    {
      config: { auth: auth.team({ permission: 'mcp.installations.edit' }) },
      schema: {
        operationId: 'updateInstallation',
        summary: 'Change an installation’s name, version, team values, satellite or settings',
        tags,
        params: InstallationParams,
        body: InstallationUpdateBody,
        response: { 200: InstallationResponse, 409: nameTaken },
      },
    },
    async (request) =>
      ok({
        installation: await service.update(
          request.params.teamId,
          request.params.installationId,
          userActor(request),
          request.body,
          request,
        ),
      }),
  );

  app.patch(
    `${ONE}/tools/:toolName`,
    {
      config: { auth: auth.team({ permission: 'mcp.installations.edit' }) },
      schema: {
        operationId: 'setInstallationToolStatus',
        summary: 'Switch one tool of an installation off (or on again) for the team’s MCP clients',
        description:
          'A switched-off tool is left out of tools/list and refused on tools/call by every satellite serving the team, from its next command poll; the list is in the installation’s settings.disabled_tools.',
        tags,
        params: ToolParams,
        body: ToolStatusBody,
        response: { 200: ToolStatusResponse },
      },
    },
    async (request) =>
      ok(
        await service.setToolStatus(
          request.params.teamId,
          request.params.installationId,
          request.params.toolName,
          request.body.is_disabled,
          request,
        ),
      ),
  );

  app.delete(
    ONE,
    {
      config: { auth: auth.team({ permission: 'mcp.installations.delete' }) },
      schema: {
        operationId: 'deleteInstallation',
        summary: 'Remove an installation and its instances',
        tags,
        params: InstallationParams,
        response: { 200: MessageOnly },
      },
    },
    async (request) => {
      await service.delete(request.params.teamId, request.params.installationId, request);
      return done('Installation deleted');
    },
  );
}

/** The members' instances of an installation, and the caller's own. */
function registerInstanceRoutes(app: RouteApp, service: InstallationService) {
  app.get(
    `${ONE}/instances`,
    {
      config: { auth: auth.team({ permission: 'mcp.installations.view', scope: 'mcp:read' }) },
      schema: {
        operationId: 'listInstances',
        summary: 'Instances with their status (administrators see all, members their own)',
        tags,
        params: InstallationParams,
        querystring: ListQuery,
        response: { 200: InstanceListResponse },
      },
    },
    async (request) =>
      ok(
        await service.instances(
          request.params.teamId,
          request.params.installationId,
          userActor(request),
          request.teamRole,
          pageOf(request.query),
        ),
      ),
  );

  app.get(
    `${ONE}/status`,
    {
      config: { auth: auth.team({ scope: 'mcp:read' }) },
      schema: {
        operationId: 'getMyInstanceStatus',
        summary: 'The caller’s own instance and its status',
        tags,
        params: InstallationParams,
        response: { 200: InstanceResponse },
      },
    },
    async (request) =>
      ok({
        instance: await service.myInstance(
          request.params.teamId,
          request.params.installationId,
          userActor(request),
        ),
      }),
  );
}

/** The caller's own values for an installation. */
function registerUserConfigRoutes(app: RouteApp, service: InstallationService) {
  app.get(
    `${ONE}/user-config`,
    {
      config: { auth: auth.team({ scope: 'mcp:read' }) },
      schema: {
        operationId: 'getMyUserConfig',
        summary: 'The caller’s own values for an installation (secrets masked)',
        tags,
        params: InstallationParams,
        response: { 200: UserConfigResponse },
      },
    },
    async (request) =>
      ok({
        user_config: await service.userConfig(
          request.params.teamId,
          request.params.installationId,
          userActor(request),
        ),
      }),
  );

  app.put(
    `${ONE}/user-config`,
    {
      config: { auth: auth.team() },
      schema: {
        operationId: 'saveMyUserConfig',
        summary: 'Save the caller’s own values; filling every required one starts provisioning',
        tags,
        params: InstallationParams,
        body: UserConfigBody,
        response: { 200: UserConfigResponse },
      },
    },
    async (request) =>
      ok({
        user_config: await service.saveUserConfig(
          request.params.teamId,
          request.params.installationId,
          userActor(request),
          request.body.values,
          request,
        ),
      }),
  );
}

export const installationRoutes: FastifyPluginAsyncTypebox<{
  service: InstallationService;
}> = async (app, { service }) => {
  registerInstallingRoutes(app, service);
  registerChangeRoutes(app, service);
  registerInstanceRoutes(app, service);
  registerUserConfigRoutes(app, service);
};
