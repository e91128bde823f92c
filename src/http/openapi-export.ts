import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';

/** The description exactly as /documentation/json and /documentation/yaml serve it. */
export async function renderOpenApi(app: FastifyInstance): Promise<{ json: string; yaml: string }> {
  await app.ready();
  const document = app.swagger();
  return { json: `${JSON.stringify(document, null, 2)}\n`, yaml: stringify(document) };
}
