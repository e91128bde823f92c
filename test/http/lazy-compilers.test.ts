import { describe, expect, it } from 'vitest';
import { buildLazySerializer } from '../../src/http/serializer.js';
import { validatorCompiler } from '../../src/http/validator.js';

// Route schemas are compiled on their first request, not while the app starts (a few hundred of
// them were a second of the embedded default's first start); the answers are the same.
const route = (schema: object) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const broken = { type: 'object', properties: { a: { $ref: '#/nowhere' } } };

describe('response serializers', () => {
  const shared = {
    Shared: { $id: 'Shared', type: 'object', properties: { n: { type: 'integer' } } },
  };

  it('are built on first use, so a start-up builds none', () => {
    const serialize = buildLazySerializer({}, {})(route(broken));
    expect(() => serialize({ a: 1 })).toThrow();
  });

  it('answer as Fastify’s own, with the schemas a context shares, and leave out undeclared fields', () => {
    const serialize = buildLazySerializer(
      shared,
      {},
    )(
      route({
        type: 'object',
        properties: { name: { type: 'string' }, inner: { $ref: 'Shared#' } },
      }),
    );
    expect(JSON.parse(serialize({ name: 'a', inner: { n: 2, secret: 'x' }, extra: 1 }))).toEqual({
      name: 'a',
      inner: { n: 2 },
    });
    expect(serialize({ name: 'b' })).toBe('{"name":"b"}');
  });
});

describe('request validators', () => {
  it('are compiled on first use', () => {
    const validate = validatorCompiler({
      schema: broken,
      method: 'GET',
      url: '/x',
      httpPart: 'body',
    });
    expect(() => validate({ a: 1 })).toThrow();
  });

  it('validate, coerce and report errors as Ajv does', () => {
    const body = validatorCompiler({
      schema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
      method: 'POST',
      url: '/x',
      httpPart: 'body',
    }) as unknown as ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string }> };
    expect(body({ n: 1 })).toBe(true);
    expect(body({ n: '1' })).toBe(false);
    expect(body.errors?.[0]?.instancePath).toBe('/n');
    expect(body({ n: 2 })).toBe(true);

    const query = validatorCompiler({
      schema: { type: 'object', properties: { n: { type: 'integer' } } },
      method: 'GET',
      url: '/x',
      httpPart: 'querystring',
    }) as unknown as (data: Record<string, unknown>) => boolean;
    const data: Record<string, unknown> = { n: '5' };
    expect(query(data)).toBe(true);
    expect(data.n).toBe(5);
  });
});
