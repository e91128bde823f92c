import { Alert, Button, Code, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../../../api/client';
import { ErrorNotice } from '../../../ui/feedback';

type Dialect = 'pglite' | 'postgresql';

const RESTART_WAIT_MS = 120_000;

/** After a switch the service restarts on the new database: wait until it answers from there. */
async function waitForDatabase(dialect: Dialect) {
  const deadline = Date.now() + RESTART_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    try {
      const health = await unwrap(api.GET('/api/health'));
      if (health.database.dialect === dialect) return;
    } catch {
      // Still restarting: ask again.
    }
  }
  throw new Error(
    'The service did not come back on the new database within two minutes. Look at its log, then reload this page.',
  );
}

/**
 * Step one of the first run: keep the embedded database or move to PostgreSQL, proven by the
 * one-time code from the service's log. `onDone(true)` when the database was already set up.
 */
export function DatabaseStep({ onDone }: { onDone: (alreadyConfigured: boolean) => void }) {
  const [dialect, setDialect] = useState<Dialect>('pglite');
  const [url, setUrl] = useState('');
  const [code, setCode] = useState('');
  const [restarting, setRestarting] = useState(false);
  const setup = useMutation({
    mutationFn: async () => {
      const result = await unwrap(
        api.POST('/api/db/setup', {
          body: {
            dialect,
            setup_code: code.trim(),
            ...(dialect === 'postgresql' ? { database_url: url.trim() } : {}),
          },
        }),
      );
      if (result.restarting) {
        setRestarting(true);
        await waitForDatabase(dialect);
      }
    },
    onSuccess: () => onDone(false),
    onError: (error) => {
      setRestarting(false);
      if (error instanceof ApiError && error.status === 409) onDone(true);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setup.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Choose the database">
      <Stack>
        <ErrorNotice error={setup.error} title="The database was not set up" />
        <Radio.Group
          label="Database"
          description="Where Groundstation keeps accounts, teams, the catalogue and the audit log."
          value={dialect}
          onChange={(value) => setDialect(value === 'postgresql' ? 'postgresql' : 'pglite')}
        >
          <Stack gap="sm" mt="xs">
            <Radio
              value="pglite"
              label="Embedded (recommended to start)"
              description="Kept in the service's data folder; nothing else to run."
            />
            <Radio
              value="postgresql"
              label="PostgreSQL"
              description="A server you run; needed for several replicas of the service."
            />
          </Stack>
        </Radio.Group>
        {dialect === 'postgresql' ? (
          <TextInput
            label="Connection URL"
            description="The service connects and creates its tables there before saving the choice."
            placeholder="postgres://user:password@host:5432/groundstation"
            autoComplete="off"
            spellCheck={false}
            required
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
        ) : null}
        <TextInput
          label="Set-up code"
          description={
            <>
              Printed in the service&apos;s log at start, in the line that begins{' '}
              <Code>First-run set-up code:</Code> (it looks like ABCD-EFGH-JKMN).
            </>
          }
          autoComplete="off"
          spellCheck={false}
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        {restarting ? (
          <Alert role="status" variant="light" title="Moving to the new database">
            <Text size="sm">
              The service is restarting on the database you chose; this page goes on once it
              answers.
            </Text>
          </Alert>
        ) : null}
        <Button type="submit" loading={setup.isPending}>
          Save and continue
        </Button>
      </Stack>
    </form>
  );
}
