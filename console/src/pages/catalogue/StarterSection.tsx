import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { keys } from './api';
import { ImportSummary } from './RunSummary';

/** The servers the service bundles as its starter catalogue (src/modules/registry/starter.ts). */
const STARTER = [
  ['Filesystem', 'read, write and search files in the directories you allow'],
  ['Memory', 'a knowledge-graph memory kept between chats'],
  ['Fetch', 'fetch web pages as markdown'],
  ['Git', 'inspect and change local Git repositories'],
  ['GitHub', 'issues, pull requests, code and Actions'],
  ['Playwright', 'drive a real browser'],
] as const;

/** Loads the bundled starter catalogue in one step; loading it again changes nothing. */
export function StarterSection() {
  const queries = useQueryClient();
  const load = useMutation({
    mutationFn: async () => (await unwrap(api.POST('/api/registry/starter'))).result,
    onSuccess: () => queries.invalidateQueries({ queryKey: keys.all }),
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Starter catalogue
        </Title>
        <Text size="sm">
          Six widely used MCP servers, described and pinned to a version, so a new installation has
          something to install right away:
        </Text>
        <List size="sm" spacing={2}>
          {STARTER.map(([name, about]) => (
            <List.Item key={name}>
              <strong>{name}</strong>: {about}
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          Adding it again changes nothing; a registry sync brings newer versions.
        </Text>
        <ErrorNotice error={load.error} title="Could not add the starter catalogue" />
        {load.data ? <ImportSummary result={load.data} label="Starter entries not added" /> : null}
        <div>
          <Button onClick={() => load.mutate()} loading={load.isPending}>
            Add the starter catalogue
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
