import {
  Button,
  Checkbox,
  FileButton,
  Group,
  JsonInput,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { importDocuments, keys } from './api';
import { ImportSummary } from './RunSummary';

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`The document is not valid JSON: ${messageOf(error)}`);
  }
}

/** Imports server.json documents pasted or read from a file; the API checks each one. */
export function ImportSection() {
  const queries = useQueryClient();
  const [text, setText] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const run = useMutation({
    mutationFn: () => importDocuments(parse(text), overwrite),
    onSuccess: () => queries.invalidateQueries({ queryKey: keys.all }),
  });
  const readFile = async (file: File | null) => {
    if (file) setText(await file.text());
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Import from the registry
        </Title>
        <Text size="sm">
          Paste a server’s <code>server.json</code> (or a registry entry, or an array of them, up to
          1,000), as the MCP Registry publishes it. Each server is imported whole or not at all.
        </Text>
        <JsonInput
          label="server.json document"
          placeholder='{"name": "io.github.acme/notes", "version": "1.0.0", …}'
          autosize
          minRows={6}
          maxRows={16}
          validationError="This is not valid JSON"
          value={text}
          onChange={setText}
        />
        <Checkbox
          label="Apply upstream changes even to servers edited here"
          checked={overwrite}
          onChange={(e) => setOverwrite(e.currentTarget.checked)}
        />
        <ErrorNotice error={run.error} title="Could not import" />
        {run.data ? <ImportSummary result={run.data} label="Entries not imported" /> : null}
        <Group gap="xs">
          <Button onClick={() => run.mutate()} loading={run.isPending} disabled={!text.trim()}>
            Import
          </Button>
          <FileButton onChange={(f) => void readFile(f)} accept="application/json,.json">
            {(props) => (
              <Button variant="default" {...props}>
                Read a file…
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Paper>
  );
}
