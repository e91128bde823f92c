import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import { deploymentConfigSchema } from './schema-file.js';
import {
  DEPLOYMENT_CONFIG_TAG,
  SchemaResponse,
  ValidateBody,
  ValidateResponse,
} from './schemas.js';
import { validateDeploymentConfig } from './validator.js';

export const deploymentConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/deployment-config/schema',
    {
      // The schema is a committed public file, so there is nothing to protect.
      config: { auth: auth.public() },
      schema: {
        operationId: 'getDeploymentConfigSchema',
        summary: 'The JSON Schema of the deployment configuration file',
        tags: [DEPLOYMENT_CONFIG_TAG],
        response: { 200: SchemaResponse },
      },
    },
    async () => ({ success: true as const, data: deploymentConfigSchema() }),
  );

  app.post(
    '/api/deployment-config/validate',
    {
      // Parsing costs work on the server, so only signed-in users may ask for it.
      config: { auth: auth.user() },
      schema: {
        operationId: 'validateDeploymentConfig',
        summary: 'Check a deployment configuration file, YAML or JSON, against the schema',
        description:
          'Answers 200 whether or not the file is valid: `valid` says which, `errors` lists every ' +
          'syntax or schema error with its JSON Pointer path, line and column, and `config` is the ' +
          'file with the schema defaults applied (null unless valid).',
        tags: [DEPLOYMENT_CONFIG_TAG],
        body: ValidateBody,
        response: { 200: ValidateResponse },
      },
    },
    async (request) => {
      const data = validateDeploymentConfig(request.body.content);
      const count = data.errors.length;
      return {
        success: true as const,
        message: data.valid
          ? 'The configuration is valid'
          : `The configuration has ${count} error${count === 1 ? '' : 's'}`,
        data,
      };
    },
  );
};
