import { Code, Stack, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Snippet } from './Copy';

interface Client {
  value: string;
  label: string;
  where: ReactNode;
  snippet: (name: string, url: string) => string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

const CLIENTS: Client[] = [
  {
    value: 'vscode',
    label: 'VS Code',
    where: (
      <>
        In your project’s <Code>.vscode/mcp.json</Code>:
      </>
    ),
    snippet: (name, url) => json({ servers: { [name]: { type: 'http', url } } }),
  },
  {
    value: 'cursor',
    label: 'Cursor',
    where: (
      <>
        In <Code>~/.cursor/mcp.json</Code> (or the project’s <Code>.cursor/mcp.json</Code>):
      </>
    ),
    snippet: (name, url) => json({ mcpServers: { [name]: { url } } }),
  },
  {
    value: 'windsurf',
    label: 'Windsurf',
    where: (
      <>
        In <Code>~/.codeium/windsurf/mcp_config.json</Code>:
      </>
    ),
    snippet: (name, url) => json({ mcpServers: { [name]: { url } } }),
  },
  {
    value: 'claude-code',
    label: 'Claude Code',
    where: 'Run in a terminal:',
    snippet: (name, url) => `claude mcp add --transport http ${name} ${url}`,
  },
  {
    value: 'claude-desktop',
    label: 'Claude Desktop',
    where: 'Settings → Connectors → Add custom connector, with this URL:',
    snippet: (_name, url) => url,
  },
  {
    value: 'stdio',
    label: 'Other (stdio only)',
    where: 'Clients that only start local commands can reach it through mcp-remote:',
    snippet: (_name, url) => `npx mcp-remote ${url}`,
  },
];

/** Copy-ready configuration for the common clients, for the URL chosen above. */
export function ClientConfigs({ name, url }: { name: string; url: string }) {
  return (
    <Tabs defaultValue="vscode">
      <Tabs.List mb="sm">
        {CLIENTS.map((c) => (
          <Tabs.Tab key={c.value} value={c.value}>
            {c.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {CLIENTS.map((c) => (
        <Tabs.Panel key={c.value} value={c.value}>
          <Stack gap="xs">
            <Snippet
              value={c.snippet(name, url)}
              what={`${c.label} configuration`}
              where={c.where}
            />
            <Text size="sm" c="dimmed">
              The first time, the client opens Groundstation in your browser: sign in, choose the
              team and allow it.
            </Text>
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
