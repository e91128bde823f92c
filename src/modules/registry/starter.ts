import { SCHEMA_URL } from './server-json.js';

/**
 * The starter catalogue: a handful of widely used MCP servers, described for this project in
 * server.json form, so that a new installation has something to install in one step
 * (`POST /api/registry/starter`). Versions are pinned; a registry sync brings newer ones.
 */
export const STARTER_DOCUMENTS = [
  {
    $schema: SCHEMA_URL,
    name: 'io.github.modelcontextprotocol/filesystem',
    title: 'Filesystem',
    description: 'Read, write and search files inside the directories you allow.',
    version: '2025.8.21',
    repository: {
      url: 'https://github.com/modelcontextprotocol/servers',
      source: 'github',
      subfolder: 'src/filesystem',
    },
    packages: [
      {
        registryType: 'npm',
        identifier: '@modelcontextprotocol/server-filesystem',
        version: '2025.8.21',
        transport: { type: 'stdio' },
        packageArguments: [
          {
            type: 'positional',
            valueHint: 'allowed_directory',
            description: 'A directory the server may read and write',
            isRequired: true,
            format: 'filepath',
          },
        ],
      },
    ],
  },
  {
    $schema: SCHEMA_URL,
    name: 'io.github.modelcontextprotocol/memory',
    title: 'Memory',
    description: 'A knowledge-graph memory that persists entities and relations between chats.',
    version: '2025.8.4',
    repository: {
      url: 'https://github.com/modelcontextprotocol/servers',
      source: 'github',
      subfolder: 'src/memory',
    },
    packages: [
      {
        registryType: 'npm',
        identifier: '@modelcontextprotocol/server-memory',
        version: '2025.8.4',
        transport: { type: 'stdio' },
        environmentVariables: [
          {
            name: 'MEMORY_FILE_PATH',
            description: 'Where the memory file is kept',
            format: 'filepath',
          },
        ],
      },
    ],
  },
  {
    $schema: SCHEMA_URL,
    name: 'io.github.modelcontextprotocol/fetch',
    title: 'Fetch',
    description: 'Fetch web pages and hand them to the model as markdown.',
    version: '2025.4.7',
    repository: {
      url: 'https://github.com/modelcontextprotocol/servers',
      source: 'github',
      subfolder: 'src/fetch',
    },
    packages: [
      {
        registryType: 'pypi',
        identifier: 'mcp-server-fetch',
        version: '2025.4.7',
        runtimeHint: 'uvx',
        transport: { type: 'stdio' },
        packageArguments: [
          {
            type: 'named',
            name: '--user-agent',
            description: 'User-Agent header sent with every request',
          },
        ],
      },
    ],
  },
  {
    $schema: SCHEMA_URL,
    name: 'io.github.modelcontextprotocol/git',
    title: 'Git',
    description: 'Inspect and change local Git repositories: status, diff, log, commit, branches.',
    version: '2025.7.1',
    repository: {
      url: 'https://github.com/modelcontextprotocol/servers',
      source: 'github',
      subfolder: 'src/git',
    },
    packages: [
      {
        registryType: 'pypi',
        identifier: 'mcp-server-git',
        version: '2025.7.1',
        runtimeHint: 'uvx',
        transport: { type: 'stdio' },
      },
    ],
  },
  {
    $schema: SCHEMA_URL,
    name: 'io.github.github/github-mcp-server',
    title: 'GitHub',
    description: 'Work with GitHub issues, pull requests, code and Actions from the model.',
    version: '0.13.0',
    websiteUrl: 'https://github.com/github/github-mcp-server',
    repository: { url: 'https://github.com/github/github-mcp-server', source: 'github' },
    packages: [
      {
        registryType: 'oci',
        identifier: 'ghcr.io/github/github-mcp-server',
        version: '0.13.0',
        runtimeHint: 'docker',
        transport: { type: 'stdio' },
        runtimeArguments: [{ type: 'named', name: '-e', value: 'GITHUB_PERSONAL_ACCESS_TOKEN' }],
        environmentVariables: [
          {
            name: 'GITHUB_PERSONAL_ACCESS_TOKEN',
            description: 'Your GitHub personal access token',
            isRequired: true,
            isSecret: true,
          },
        ],
      },
    ],
    remotes: [
      {
        type: 'streamable-http',
        url: 'https://api.githubcopilot.com/mcp/',
        headers: [
          {
            name: 'Authorization',
            description: 'Your GitHub token, as "Bearer <token>"',
            isRequired: true,
            isSecret: true,
          },
        ],
      },
    ],
  },
  {
    $schema: SCHEMA_URL,
    name: 'io.github.microsoft/playwright-mcp',
    title: 'Playwright',
    description: 'Drive a real browser: open pages, click, type and read the accessibility tree.',
    version: '0.0.40',
    repository: { url: 'https://github.com/microsoft/playwright-mcp', source: 'github' },
    packages: [
      {
        registryType: 'npm',
        identifier: '@playwright/mcp',
        version: '0.0.40',
        transport: { type: 'stdio' },
        packageArguments: [
          {
            type: 'named',
            name: '--browser',
            description: 'Which browser to drive',
            choices: ['chromium', 'firefox', 'webkit'],
            default: 'chromium',
          },
        ],
      },
    ],
  },
];
