import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import { userActor } from '../../http/auth/actor.js';
import { ok } from '../../http/envelope.js';
import {
  SettingKeyParams,
  SettingResponse,
  SettingsListResponse,
  SettingsResponse,
  UpdateSettingsBody,
} from './schemas.js';
import type { SettingsService } from './service.js';
import type { SettingValue } from './definitions.js';

const tags = ['Settings'];

export const settingsRoutes: FastifyPluginAsyncTypebox<{ service: SettingsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/settings',
    {
      config: { auth: auth.user({ permission: 'settings.view' }) },
      schema: {
        operationId: 'listSettings',
        summary: 'Every global setting, by group',
        tags,
        response: { 200: SettingsListResponse },
      },
    },
    async () => ok({ groups: await service.list() }),
  );

  app.get(
    '/api/settings/:key',
    {
      config: { auth: auth.user({ permission: 'settings.view' }) },
      schema: {
        operationId: 'getSetting',
        summary: 'One global setting',
        tags,
        params: SettingKeyParams,
        response: { 200: SettingResponse },
      },
    },
    async (request) => ok({ setting: await service.get(request.params.key) }),
  );

  app.patch(
    '/api/settings',
    {
      config: { auth: auth.user({ permission: 'settings.edit' }) },
      schema: {
        operationId: 'updateSettings',
        summary: 'Change one or more global settings at once',
        description:
          'Each value must match its setting’s type; secrets are encrypted and never returned.',
        tags,
        body: UpdateSettingsBody,
        response: { 200: SettingsResponse },
      },
    },
    async (request) =>
      ok({
        settings: await service.set(
          request.body.values as Record<string, SettingValue>,
          userActor(request).userId,
          request,
        ),
      }),
  );

  app.delete(
    '/api/settings/:key',
    {
      config: { auth: auth.user({ permission: 'settings.edit' }) },
      schema: {
        operationId: 'resetSetting',
        summary: 'Return a setting to its default',
        tags,
        params: SettingKeyParams,
        response: { 200: SettingResponse },
      },
    },
    async (request) => ok({ setting: await service.reset(request.params.key, request) }),
  );
};
