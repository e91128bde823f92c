import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The committed JSON Schema. It lives outside src/ as a plain file so editors and other tools can
 * use it as it is; src/ and dist/ sit at the same depth, so this path holds for both.
 */
export const DEPLOYMENT_CONFIG_SCHEMA_PATH = fileURLToPath(
  new URL('../../../schemas/deployment-config.schema.json', import.meta.url),
);

let loaded: Record<string, unknown> | undefined;

/** The schema as an object, read from disk on first use and kept. */
export function deploymentConfigSchema(): Record<string, unknown> {
  loaded ??= JSON.parse(readFileSync(DEPLOYMENT_CONFIG_SCHEMA_PATH, 'utf8')) as Record<
    string,
    unknown
  >;
  return loaded;
}
