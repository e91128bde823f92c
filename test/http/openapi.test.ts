import { readFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_EXPORT_ENV } from '../../src/http/openapi.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let served: Record<string, any>;
beforeAll(async () => {
  t = await createTestApp({ env: { ...OPENAPI_EXPORT_ENV } });
  served = (await t.app.inject({ url: '/documentation/json' })).json();
});
afterAll(async () => t?.close());

describe('OpenAPI description', () => {
  it('declares OpenAPI 3.0.0, version 0.20.5 and BASE_URL as the server', () => {
    expect(served.openapi).toBe('3.0.0');
    expect(served.info.version).toBe('0.20.5');
    expect(served.servers).toEqual([{ url: 'http://localhost:3000' }]);
  });

  it('passes a standard OpenAPI validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(served) as never)).resolves.toBeTruthy();
  });

  it('declares the cookie and bearer security schemes', () => {
    const schemes = served.components.securitySchemes;
    expect(schemes.cookieAuth).toEqual({ type: 'apiKey', in: 'cookie', name: 'auth_session' });
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(schemes.oauth2.flows.authorizationCode.scopes)).toEqual([
      'mcp:read',
      'account:read',
      'user:read',
      'teams:read',
      'registry:read',
      'mcp:tools:execute',
      'offline_access',
    ]);
  });

  it('gives public routes an empty security list and protected ones a requirement', () => {
    expect(served.paths['/api/health'].get.security).toEqual([]);
    expect(served.paths['/api/db/setup'].post.security).toEqual([{}, { cookieAuth: [] }]);
  });

  it('documents error responses with the shared envelope', () => {
    const responses = served.paths['/api/db/setup'].post.responses;
    for (const status of ['400', '401', '403', '409', '413', '415', '500']) {
      expect(responses[status].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/ErrorEnvelope',
      });
    }
  });

  it('does not list the documentation routes themselves', () => {
    expect(Object.keys(served.paths).filter((p) => p.startsWith('/documentation'))).toEqual([]);
  });

  it('serves the same description as YAML', async () => {
    const res = await t.app.inject({ url: '/documentation/yaml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/yaml/);
    expect(parse(res.body)).toEqual(served);
  });

  it('serves the interactive documentation page', async () => {
    const res = await t.app.inject({ url: '/documentation' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger-ui');
  });

  it('matches the committed files in openapi/ (run `npm run openapi:export` after changing routes)', async () => {
    const committedJson = JSON.parse(await readFile('openapi/openapi.json', 'utf8'));
    const committedYaml = parse(await readFile('openapi/openapi.yaml', 'utf8'));
    expect(committedJson).toEqual(served);
    expect(committedYaml).toEqual(served);
  });
});
