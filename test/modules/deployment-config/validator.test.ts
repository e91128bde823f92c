import { readFile } from 'node:fs/promises';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  DEPLOYMENT_CONFIG_SCHEMA_PATH,
  deploymentConfigSchema,
} from '../../../src/modules/deployment-config/schema-file.js';
import { validateDeploymentConfig } from '../../../src/modules/deployment-config/validator.js';
import { INVALID_CASES, VALID_CASES } from './cases.js';

describe('deployment configuration schema file', () => {
  it('is committed at schemas/deployment-config.schema.json and is what the library loads', async () => {
    expect(DEPLOYMENT_CONFIG_SCHEMA_PATH).toMatch(/\/schemas\/deployment-config\.schema\.json$/);
    const committed = JSON.parse(await readFile('schemas/deployment-config.schema.json', 'utf8'));
    expect(deploymentConfigSchema()).toEqual(committed);
  });

  it('is a valid draft-07 JSON Schema', () => {
    const ajv = new Ajv({ strict: true });
    expect(ajv.validateSchema(deploymentConfigSchema()), JSON.stringify(ajv.errors)).toBe(true);
    expect(deploymentConfigSchema().$schema).toBe('http://json-schema.org/draft-07/schema#');
  });

  it('rejects unknown properties in every object it defines', () => {
    const definitions = deploymentConfigSchema().definitions as Record<string, any>;
    const objects = Object.entries(definitions).filter(
      ([, definition]) => definition.type === 'object' && definition.properties,
    );
    expect(objects.map(([name]) => name).sort()).toEqual(
      ['application', 'branch', 'deployment', 'mapping', 'serviceConnections'].sort(),
    );
    for (const [name, definition] of objects) {
      expect(definition.additionalProperties, name).toBe(false);
    }
    expect(deploymentConfigSchema().additionalProperties).toBe(false);
  });
});

describe('validateDeploymentConfig', () => {
  it.each(VALID_CASES)('accepts $name', ({ content, config }) => {
    expect(validateDeploymentConfig(content)).toEqual({
      valid: true,
      errors: [],
      omitted_errors: 0,
      config,
    });
  });

  it.each(INVALID_CASES)('rejects $name', ({ content, errors }) => {
    expect(validateDeploymentConfig(content)).toEqual({
      valid: false,
      errors,
      omitted_errors: 0,
      config: null,
    });
  });

  it('does not share state between calls: defaults go into each result only', () => {
    const content = 'deployment:\n  branches:\n    main: {label: Main}\n';
    const first = validateDeploymentConfig(content);
    (first.config as any).deployment.branches.main.active = false;
    expect(validateDeploymentConfig(content).config).toEqual({
      deployment: { branches: { main: { label: 'Main', active: true } } },
    });
  });
});
