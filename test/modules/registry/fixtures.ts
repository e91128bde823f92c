import { SCHEMA_URL, OFFICIAL_META } from '../../../src/modules/registry/server-json.js';

const SHA = 'a'.repeat(64);

/** A document with the given name and version and an npm package. */
export function npmDoc(name: string, version: string, extra: Record<string, unknown> = {}) {
  return {
    $schema: SCHEMA_URL,
    name,
    description: `Test server ${name}`,
    version,
    packages: [
      {
        registryType: 'npm',
        identifier: `@test/${name.split('/')[1]}`,
        version,
        transport: { type: 'stdio' },
      },
    ],
    ...extra,
  };
}

/** A registry answer `{server, _meta}` with upstream metadata. */
export function entry(server: Record<string, unknown>, official: Record<string, unknown> = {}) {
  return {
    server,
    _meta: {
      [OFFICIAL_META]: {
        status: 'active',
        publishedAt: '2025-09-01T10:00:00Z',
        updatedAt: '2025-09-01T10:00:00Z',
        isLatest: true,
        ...official,
      },
    },
  };
}

export const NPM = {
  $schema: SCHEMA_URL,
  name: 'io.github.acme/notes',
  title: 'Acme Notes',
  description: 'Notes for models',
  version: '1.2.0',
  websiteUrl: 'https://acme.example.com/notes',
  repository: { url: 'https://github.com/acme/notes', source: 'github' },
  icons: [{ src: 'https://acme.example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'] }],
  packages: [
    {
      registryType: 'npm',
      identifier: '@acme/notes',
      version: '1.2.0',
      transport: { type: 'stdio' },
      packageArguments: [
        { type: 'positional', value: 'serve' },
        {
          type: 'named',
          name: '--mode',
          description: 'Mode',
          choices: ['fast', 'safe'],
          default: 'safe',
        },
        {
          type: 'positional',
          valueHint: 'notes_dir',
          description: 'Where notes live',
          isRequired: true,
          format: 'filepath',
        },
      ],
      environmentVariables: [
        { name: 'NOTES_TOKEN', description: 'Your token', isRequired: true, isSecret: true },
        { name: 'NOTES_REGION', description: 'Region', default: 'eu', placeholder: 'eu or us' },
        { name: 'NOTES_LOG', value: 'info' },
      ],
    },
  ],
};

export const PYPI = {
  $schema: SCHEMA_URL,
  name: 'io.github.acme/weather',
  description: 'Weather data',
  version: '0.4.1',
  packages: [
    {
      registryType: 'pypi',
      identifier: 'acme-weather',
      version: '0.4.1',
      runtimeHint: 'uvx',
      runtimeArguments: [{ type: 'named', name: '--python', value: '3.12' }],
      transport: { type: 'stdio' },
      environmentVariables: [{ name: 'WEATHER_KEY', isSecret: true, isRequired: true }],
    },
  ],
};

export const NUGET = {
  name: 'com.example/dotnet-tools',
  description: 'A .NET server',
  version: '2.0.0',
  packages: [
    {
      registryType: 'nuget',
      identifier: 'Example.Mcp',
      version: '2.0.0',
      runtimeHint: 'dnx',
      transport: { type: 'stdio' },
    },
  ],
};

export const OCI = {
  name: 'com.example/container',
  description: 'Runs in a container',
  version: '3.1.0',
  packages: [
    {
      registryType: 'oci',
      identifier: 'ghcr.io/example/container',
      version: '3.1.0',
      runtimeHint: 'docker',
      runtimeArguments: [{ type: 'named', name: '-e', value: 'API_KEY' }],
      transport: { type: 'stdio' },
      environmentVariables: [{ name: 'API_KEY', isSecret: true, isRequired: true }],
    },
  ],
};

export const MCPB = {
  name: 'com.example/bundle',
  description: 'An MCP bundle',
  version: '1.0.0',
  packages: [
    {
      registryType: 'mcpb',
      identifier: 'https://github.com/example/bundle/releases/download/v1.0.0/bundle.mcpb',
      version: '1.0.0',
      fileSha256: SHA,
      transport: { type: 'stdio' },
    },
  ],
};

export const REMOTE = {
  name: 'com.example/hosted',
  description: 'A hosted server',
  version: '5.0.0',
  remotes: [
    {
      type: 'streamable-http',
      url: 'https://{tenant}.example.com/mcp',
      variables: {
        tenant: { description: 'Your tenant', isRequired: true },
      },
      headers: [
        { name: 'Authorization', description: 'Bearer token', isRequired: true, isSecret: true },
        { name: 'X-Workspace', description: 'Workspace id', isRequired: true },
      ],
    },
    { type: 'sse', url: 'https://sse.example.com/sse' },
  ],
};

export const SSE = {
  name: 'com.example/events',
  description: 'Server-sent events only',
  version: '1.0.0',
  remotes: [
    {
      type: 'sse',
      url: 'https://events.example.com/sse',
      headers: [{ name: 'X-Key', isSecret: true }],
    },
  ],
};

export const ALL_TYPES = [NPM, PYPI, NUGET, OCI, MCPB, REMOTE, SSE];
