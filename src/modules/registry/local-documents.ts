import type { ConfigField, ConfigSchema, ConfigSection } from '../../db/schema/index.js';
import type { LocalServer } from './repository.js';
import { CATALOGUE_META, SCHEMA_URL } from './server-json.js';

/**
 * The reverse-DNS namespace of servers typed in by hand: this service's host, reversed
 * (`gs.example.com` → `com.example.gs`), so their names cannot clash with a publisher's.
 */
export function localNamespace(baseUrl: string): string {
  return new URL(baseUrl).hostname
    .split('.')
    .reverse()
    .join('.')
    .replace(/[^a-zA-Z0-9.-]/g, '-');
}

type Input = Record<string, unknown>;

/** A catalogue field as a `server.json` input; a fixed template value is the input's `value`. */
function input(f: ConfigField, template: boolean): Input {
  return {
    name: f.name,
    ...(f.description ? { description: f.description } : {}),
    ...(f.required ? { isRequired: true } : {}),
    ...(f.secret ? { isSecret: true } : {}),
    ...(f.default !== null ? (template ? { value: f.default } : { default: f.default }) : {}),
    ...(f.choices ? { choices: f.choices } : {}),
    ...(f.format ? { format: f.format } : {}),
    ...(f.placeholder ? { placeholder: f.placeholder } : {}),
  };
}

function inputs(schema: ConfigSchema, kind: keyof ConfigSection): Input[] {
  return [
    ...schema.template[kind].map((f) => input(f, true)),
    ...schema.team[kind].map((f) => input(f, false)),
    ...schema.user[kind].map((f) => input(f, false)),
  ];
}

const REGISTRY_TYPES: Record<string, string> = {
  node: 'npm',
  python: 'pypi',
  docker: 'oci',
  dotnet: 'nuget',
};

/**
 * The `server.json` document of a server typed in by hand, built from its catalogue fields: the
 * reverse of the import mapping (docs/catalogue.md), as far as the catalogue knows it.
 */
export function localDocument(server: LocalServer, name: string, version: string) {
  const description = (server.description ?? '').trim() || server.name;
  const env = inputs(server.configSchema, 'env');
  const headers = inputs(server.configSchema, 'headers');
  const runs =
    server.transport === 'stdio'
      ? {
          packages: [
            {
              registryType: REGISTRY_TYPES[server.runtime ?? 'node'] ?? server.runtime ?? 'npm',
              identifier: server.package ?? server.command ?? server.name,
              ...(server.command ? { runtimeHint: server.command } : {}),
              transport: { type: 'stdio' },
              ...(server.args.length
                ? { packageArguments: server.args.map((value) => ({ type: 'positional', value })) }
                : {}),
              ...(env.length ? { environmentVariables: env } : {}),
            },
          ],
        }
      : {
          remotes: [
            {
              type: server.transport === 'sse' ? 'sse' : 'streamable-http',
              url: server.url ?? '',
              ...(headers.length ? { headers } : {}),
            },
          ],
        };
  return {
    $schema: SCHEMA_URL,
    name,
    title: server.name.slice(0, 100),
    description: description.length > 100 ? `${description.slice(0, 99)}…` : description,
    version,
    ...(server.homepage ? { websiteUrl: server.homepage } : {}),
    ...(server.repositoryUrl
      ? {
          repository: {
            url: server.repositoryUrl,
            source: new URL(server.repositoryUrl).hostname.split('.').at(-2) ?? 'git',
          },
        }
      : {}),
    ...runs,
    // Read back by imports (mapping.ts documentWantsOAuth): another catalogue knows it too.
    ...(server.requiresOauth && server.transport !== 'stdio'
      ? { _meta: { [CATALOGUE_META]: { requires_oauth: true } } }
      : {}),
  };
}
