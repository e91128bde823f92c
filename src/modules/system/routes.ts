import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import { pageOf } from '../../http/pagination.js';
import { ErrorEnvelopeRef } from '../../http/schemas.js';
import {
  HealthResponse,
  MigrationsQuery,
  MigrationsResponse,
  SetupBody,
  SetupResponse,
  StatusResponse,
} from './schemas.js';
import type { SystemService } from './service.js';

export const systemRoutes: FastifyPluginAsyncTypebox<{ service: SystemService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/health',
    {
      config: { auth: auth.public() },
      schema: {
        operationId: 'getHealth',
        summary: 'Service and database health',
        tags: ['System'],
        response: { 200: HealthResponse, 503: ErrorEnvelopeRef('The database is unreachable') },
      },
    },
    async () => ({ success: true as const, data: await service.health() }),
  );

  app.get(
    '/api/db/status',
    {
      config: { auth: auth.public() },
      schema: {
        operationId: 'getDatabaseStatus',
        summary: 'Which database is in use and whether set-up has run',
        tags: ['System'],
        response: { 200: StatusResponse },
      },
    },
    async () => ({ success: true as const, data: await service.status() }),
  );

  app.get(
    '/api/db/migrations',
    {
      config: { auth: auth.firstRun('settings.edit') },
      schema: {
        operationId: 'listDatabaseMigrations',
        summary: 'Applied schema migrations, oldest first',
        tags: ['System'],
        querystring: MigrationsQuery,
        response: { 200: MigrationsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listMigrations(pageOf(request.query)),
    }),
  );

  app.post(
    '/api/db/setup',
    {
      config: { auth: auth.firstRun('settings.edit') },
      schema: {
        operationId: 'setupDatabase',
        summary: 'First-run choice of database: keep the embedded one or move to PostgreSQL',
        description:
          'Open while no account exists, and to global administrators afterwards. A PostgreSQL URL is ' +
          'checked and migrated before it is saved in DATA_DIR. Answers 409 once set-up has run or ' +
          'when DATABASE_URL is set in the environment.',
        tags: ['System'],
        body: SetupBody,
        response: {
          200: SetupResponse,
          409: ErrorEnvelopeRef('The database is already configured'),
        },
      },
    },
    async (request) => {
      const data = await service.setup(request.body);
      return {
        success: true as const,
        message: data.restarting
          ? `Database set to ${data.dialect}; the service is moving over to it now`
          : `Database set to ${data.dialect}`,
        data,
      };
    },
  );
};
