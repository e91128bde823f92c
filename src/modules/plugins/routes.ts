import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { auth } from '../../http/auth/declare.js';
import { ok } from '../../http/envelope.js';
import { Nullable, StringEnum, Success } from '../../http/schemas.js';
import type { PluginStatus } from './loader.js';

const Plugin = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  version: Nullable(Type.String()),
  description: Nullable(Type.String()),
  source: StringEnum(['built-in', 'directory']),
  status: StringEnum(['loaded', 'failed']),
  error: Nullable(Type.String({ description: 'Why the plugin failed to load' })),
  routes: Type.Array(Type.String(), { description: 'METHOD path of each route it serves' }),
});

/** Which plugins this process loaded, and why the others failed (global administrators). */
export const pluginRoutes: FastifyPluginAsyncTypebox<{ statuses: () => PluginStatus[] }> = async (
  app,
  { statuses },
) => {
  app.get(
    '/api/plugins',
    {
      config: { auth: auth.user({ permission: 'plugins.view' }) },
      schema: {
        operationId: 'listPlugins',
        summary: 'Loaded and failed plugins, with the reason for each failure',
        tags: ['Plugins'],
        response: { 200: Success(Type.Object({ plugins: Type.Array(Plugin) })) },
      },
    },
    async () => ok({ plugins: statuses().map(({ folder: _folder, ...status }) => status) }),
  );
};
