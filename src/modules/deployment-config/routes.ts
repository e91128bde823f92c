import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { auth } from '../../http/auth/declare.js';
import { done, ok } from '../../http/envelope.js';
import { PayloadTooLargeError, ValidationError } from '../../http/errors.js';
import { ConfigLimitError, MAX_NESTING_DEPTH, MAX_REPORTED_ERRORS } from './limits.js';
import { deploymentConfigSchema } from './schema-file.js';
import {
  DEPLOYMENT_CONFIG_TAG,
  MAX_BODY_BYTES,
  SchemaResponse,
  ValidateBody,
  ValidateResponse,
} from './schemas.js';
import type { ConfigCheck } from './types.js';
import { validateDeploymentConfig } from './validator.js';

/** The check, or the 400/413 for a file the validator refuses to parse. */
function check(content: string, log: FastifyBaseLogger): ConfigCheck {
  try {
    return validateDeploymentConfig(content);
  } catch (error) {
    if (!(error instanceof ConfigLimitError)) throw error;
    const { kind, problem } = error;
    if (kind === 'too-large') throw new PayloadTooLargeError(`body.content ${problem.message}`);
    if (kind === 'unreadable') {
      log.warn({ err: error.cause }, 'the YAML library failed on a deployment configuration');
      throw new ValidationError(`body.content ${problem.message}`);
    }
    throw new ValidationError(
      `body.content ${problem.message} (line ${problem.line}, column ${problem.column})`,
    );
  }
}

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
    async () => ok(deploymentConfigSchema()),
  );

  app.post(
    '/api/deployment-config/validate',
    {
      // Parsing costs work on the server, so only signed-in users may ask for it, at a bounded rate.
      config: { auth: auth.user(), rateLimit: 'deployment-config' },
      bodyLimit: Math.min(app.initialConfig.bodyLimit ?? MAX_BODY_BYTES, MAX_BODY_BYTES),
      schema: {
        operationId: 'validateDeploymentConfig',
        summary: 'Check a deployment configuration file, YAML or JSON, against the schema',
        description:
          'Answers 200 whether or not the file is valid: `valid` says which, `errors` lists the ' +
          `first ${MAX_REPORTED_ERRORS} syntax or schema errors with their JSON Pointer path, ` +
          'line and column, `omitted_errors` counts the rest, and `config` is the file with the ' +
          'schema defaults applied (null unless valid). A file whose lists and maps nest more ' +
          `than ${MAX_NESTING_DEPTH} levels deep is not checked: 400.`,
        tags: [DEPLOYMENT_CONFIG_TAG],
        body: ValidateBody,
        response: { 200: ValidateResponse },
      },
    },
    async (request) => {
      const data = check(request.body.content, request.log);
      const found = data.errors.length + data.omitted_errors;
      const listed = data.omitted_errors > 0 ? `; the first ${data.errors.length} are listed` : '';
      return done(
        data.valid
          ? 'The configuration is valid'
          : `The configuration has ${found} error${found === 1 ? '' : 's'}${listed}`,
        data,
      );
    },
  );
};
