import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { auth } from '../../http/auth/declare.js';
import { ok } from '../../http/envelope.js';
import { StringEnum, Success } from '../../http/schemas.js';
import {
  GLOBAL_ROLE_PERMISSIONS,
  GLOBAL_ROLES,
  PERMISSIONS,
  TEAM_ROLE_PERMISSIONS,
  TEAM_ROLES,
} from './permissions.js';

const Role = (names: readonly string[]) =>
  Type.Object({ role: StringEnum(names), permissions: Type.Array(Type.String()) });

const RolesResponse = Success(
  Type.Object({
    permissions: Type.Array(Type.Object({ name: Type.String(), description: Type.String() })),
    global_roles: Type.Array(Role(GLOBAL_ROLES)),
    team_roles: Type.Array(Role(TEAM_ROLES)),
  }),
);

// The table is fixed in code, so the answer is built once.
const ROLES = {
  permissions: Object.entries(PERMISSIONS).map(([name, description]) => ({ name, description })),
  global_roles: GLOBAL_ROLES.map((role) => ({
    role,
    permissions: [...GLOBAL_ROLE_PERMISSIONS[role]],
  })),
  team_roles: TEAM_ROLES.map((role) => ({ role, permissions: [...TEAM_ROLE_PERMISSIONS[role]] })),
};

export const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/roles',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'listRoles',
        summary: 'Roles and the permissions each one holds (read-only)',
        tags: ['Users'],
        response: { 200: RolesResponse },
      },
    },
    async () => ok(ROLES),
  );
};
