import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_VERSION } from '../config.js';
import { OAUTH_SCOPES } from './auth/types.js';
import { SESSION_COOKIE } from './auth/credentials.js';
import { docsDirectives } from './docs-csp.js';
import { notFoundHandler } from './error-handler.js';

export const API_TAGS = [
  { name: 'System', description: 'Health, database status and first-run database set-up' },
  {
    name: 'Authentication',
    description: 'Registration, sign-in, sessions, email verification, password reset',
  },
  { name: 'Users', description: 'The caller’s profile, account administration, roles' },
  { name: 'Teams', description: 'Teams and their members' },
  { name: 'Plugins', description: 'Loaded plugins; each plugin’s routes have a tag of their own' },
  {
    name: 'Notifications',
    description: 'What the backend tells a team, as a list and a live stream',
  },
  { name: 'Settings', description: 'Global settings and email' },
  {
    name: 'Deployment configuration',
    description: 'The schema of the deployment configuration file, and a check of one file',
  },
  {
    name: 'OAuth 2.0',
    description: 'Authorization server for the command-line client (code + PKCE)',
  },
];

/**
 * The OpenAPI 3.0 description and the interactive documentation. @fastify/swagger-ui serves
 * /documentation, /documentation/json and /documentation/yaml as hidden routes, so they do not
 * appear in the description itself.
 */
export function registerOpenApi(
  app: FastifyInstance,
  baseUrl: string,
  docsEnabled: () => Promise<boolean>,
): void {
  app.register(swagger, {
    openapi: {
      openapi: '3.0.0',
      info: {
        title: 'Groundstation API',
        version: API_VERSION,
        description:
          'Backend for teams that run MCP servers: catalogue, installations, satellites, events and live streams.',
      },
      servers: [{ url: baseUrl }],
      tags: API_TAGS,
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          oauth2: {
            type: 'oauth2',
            description:
              'OAuth 2.0 access token of the command-line client, sent as a bearer token',
            flows: {
              authorizationCode: {
                authorizationUrl: `${baseUrl}/api/oauth2/auth`,
                tokenUrl: `${baseUrl}/api/oauth2/token`,
                refreshUrl: `${baseUrl}/api/oauth2/token`,
                scopes: { ...OAUTH_SCOPES },
              },
            },
          },
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'OAuth 2.0 access token' },
          satelliteKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ssk_<key id>_<secret>',
            description: 'Satellite API key',
          },
          registrationToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: '<prefix>satellite_<global|team>_<JWT>',
            description:
              'Single-use satellite registration token; the prefix is SATELLITE_TOKEN_PREFIX ' +
              '(default service_). The older form service_satellite_<JWT> is also accepted',
          },
        },
      },
    },
    // Shared schemas keep their own names under components.schemas.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) =>
        typeof json.$id === 'string' ? json.$id : `def-${index}`,
    },
  });
  // The UI and the JSON/YAML routes live in their own scope so one hook can switch them off.
  app.register(async (docs) => {
    const helmet = {
      contentSecurityPolicy: { useDefaults: false, directives: docsDirectives(baseUrl) },
    };
    docs.addHook('onRoute', (route) => {
      route.config = Object.assign(route.config ?? {}, { helmet });
    });
    docs.addHook('onRequest', async (request, reply) => {
      if (!(await docsEnabled())) return notFoundHandler(request, reply);
    });
    await docs.register(swaggerUi, { routePrefix: '/documentation' });
  });
}

/** The committed description in openapi/ is generated with this environment (default BASE_URL). */
export const OPENAPI_EXPORT_ENV = {
  BASE_URL: 'http://localhost:3000',
  LOG_LEVEL: 'silent',
} as const;
