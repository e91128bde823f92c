import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';

export type Schema = Record<string, any>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  id: string;
  method: string;
  /** OpenAPI path template, e.g. `/api/teams/{teamId}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: { schema: Schema; required: boolean } | null;
  /** Response schemas by status; null where a response has no JSON body. */
  responses: Record<string, { schema: Schema | null; contentTypes: string[] }>;
  security: Array<Record<string, string[]>>;
  /** No security requirement, or an empty `{}` alternative: callable without credentials. */
  isPublic: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The served OpenAPI description (`/documentation/json`), raw and with every $ref resolved. */
export async function servedDescription(app: FastifyInstance) {
  const res = await app.inject({ url: '/documentation/json' });
  if (res.statusCode !== 200) throw new Error(`/documentation/json answered ${res.statusCode}`);
  const raw = res.json() as Schema;
  const dereferenced = (await SwaggerParser.dereference(structuredClone(raw) as never)) as Schema;
  return { raw, dereferenced };
}

/** Every operation of a dereferenced description, in document order. */
export function operationsOf(description: Schema): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(description.paths as Record<string, Schema>)) {
    for (const method of METHODS) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])] as Parameter[];
      const content = op.requestBody?.content as Record<string, { schema: Schema }> | undefined;
      const bodySchema = content?.['application/json']?.schema ?? null;
      const responses: Operation['responses'] = {};
      for (const [status, response] of Object.entries(op.responses as Record<string, Schema>)) {
        const types = Object.keys(response.content ?? {});
        responses[status] = {
          schema: response.content?.['application/json']?.schema ?? null,
          contentTypes: types,
        };
      }
      const security = (op.security ?? description.security ?? []) as Operation['security'];
      operations.push({
        id: op.operationId as string,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: bodySchema
          ? { schema: bodySchema, required: op.requestBody.required === true }
          : null,
        responses,
        security,
        isPublic: security.length === 0 || security.some((s) => Object.keys(s).length === 0),
      });
    }
  }
  return operations;
}

/** Fills a path template: `{teamId}` and the like, each value URL-encoded unless told not to. */
export function fillPath(
  template: string,
  values: Record<string, string>,
  { encode = true }: { encode?: boolean } = {},
): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${template}`);
    return encode ? encodeURIComponent(value) : value;
  });
}
