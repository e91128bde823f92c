import { Anchor, Badge, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { when } from '../../ui/format';
import { TRANSPORT_LABEL, type Server } from './api';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function External({ href }: { href: string | null }) {
  if (!href) return <>—</>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {href}
    </Anchor>
  );
}

function HowItRuns({ server }: { server: Server }) {
  if (server.transport !== 'stdio') {
    return (
      <Item label="URL">
        <Code>{server.url ?? '—'}</Code>
      </Item>
    );
  }
  const line = [server.command, ...(server.package ? [server.package] : []), ...server.args]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <Item label="Command line">
        <Code>{line || '—'}</Code>
      </Item>
      <Item label="Runtime">{server.runtime ?? '—'}</Item>
    </>
  );
}

/** The server's facts: how it runs, where it comes from, how it is filed. */
export function ServerDetails({ server, category }: { server: Server; category: string | null }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          About
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="dl" m={0}>
          <Item label="Transport">{TRANSPORT_LABEL[server.transport]}</Item>
          <HowItRuns server={server} />
          <Item label="Category">{category ?? '—'}</Item>
          <Item label="Repository">
            <External href={server.repository_url} />
          </Item>
          <Item label="Website">
            <External href={server.homepage} />
          </Item>
          <Item label="Language">{server.language ?? '—'}</Item>
          <Item label="Stars">{server.repo_stars.toLocaleString()}</Item>
          <Item label="Slug">
            <Code>{server.slug}</Code>
          </Item>
          <Item label="Updated">{when(server.updated_at)}</Item>
          <Item label="Tags">
            {server.tags.length === 0 ? (
              '—'
            ) : (
              <Group gap={4} component="span">
                {server.tags.map((t) => (
                  <Badge key={t} variant="light" color="gray" component="span">
                    {t}
                  </Badge>
                ))}
              </Group>
            )}
          </Item>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
