import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { access, auth } from '../../http/auth/declare.js';
import { done, ok } from '../../http/envelope.js';
import { pageOf } from '../../http/pagination.js';
import { ErrorEnvelopeRef } from '../../http/schemas.js';
import {
  HealthResponse,
  MigrationsQuery,
  MigrationsResponse,
  SetupBody,
  SetupHeaders,
  SetupResponse,
  StatusResponse,
} from './schemas.js';
import type { SystemService } from './service.js';
import { SETUP_CODE_HEADER } from './setup-code.js';

/** The set-up code from its header, or else from the body as sent (not yet validated). */
function codeOf(request: FastifyRequest): string | undefined {
  const header = request.headers[SETUP_CODE_HEADER];
  if (typeof header === 'string') return header;
  const body = request.body as { setup_code?: unknown } | null | undefined;
  return typeof body?.setup_code === 'string' ? body.setup_code : undefined;
}

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
    async () => ok(await service.health()),
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
    async () => ok(await service.status()),
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
    async (request) => ok(await service.listMigrations(pageOf(request.query))),
  );

  // At start, so that the operator finds the code in the log before anyone can call set-up.
  app.addHook('onReady', () => service.prepareFirstRun());

  app.post(
    '/api/db/setup',
    {
      config: {
        auth: auth.firstRun('settings.edit'),
        // The code may come in the body, so this runs once the body is parsed (still before
        // validation: 403 before 400).
        access: access.byBody((request) =>
          service.checkSetupAccess({
            signedIn: request.actor !== null,
            code: codeOf(request),
            ip: request.ip,
          }),
        ),
      },
      schema: {
        operationId: 'setupDatabase',
        summary: 'First-run choice of database: keep the embedded one or move to PostgreSQL',
        description:
          'Open while no account exists, and to global administrators afterwards. Callers who are ' +
          'not signed in must give the one-time set-up code that the service logs at its first ' +
          'start (X-Setup-Code header or setup_code field): without it, 403; after too many wrong ' +
          'codes from one address, 429. A PostgreSQL URL is checked and migrated before it is ' +
          'saved in DATA_DIR; when it cannot be reached the answer is 400 "Could not connect to ' +
          'the database", with the reason in the log only. Answers 409 once set-up has run or ' +
          'when DATABASE_URL is set in the environment.',
        tags: ['System'],
        headers: SetupHeaders,
        body: SetupBody,
        response: {
          200: SetupResponse,
          403: ErrorEnvelopeRef(
            'A missing or wrong set-up code, or a signed-in caller without settings.edit',
          ),
          409: ErrorEnvelopeRef('The database is already configured'),
          429: ErrorEnvelopeRef(
            'Too many wrong set-up codes from this address; retry_after and the Retry-After ' +
              'header say when to try again',
          ),
        },
      },
    },
    async (request) => {
      const data = await service.setup(request.body);
      return done(
        data.restarting
          ? `Database set to ${data.dialect}; the service is moving over to it now`
          : `Database set to ${data.dialect}`,
        data,
      );
    },
  );
};
