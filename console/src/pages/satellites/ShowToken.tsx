import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { when } from '../../ui/format';
import { satelliteCommand } from './command';
import type { CreatedToken } from './PairForm';

/** The new token, shown this once, and the command that pairs a satellite with it. */
export function ShowToken({
  token,
  name,
  onDone,
}: {
  token: CreatedToken;
  name: string;
  onDone: () => void;
}) {
  const command = satelliteCommand(window.location.origin, token.token, name);
  return (
    <Stack>
      <Alert color="yellow" variant="default" title="Copy it now">
        This token is shown only this once. It pairs one satellite and expires{' '}
        {when(token.expires_at)}.
      </Alert>
      <Text size="sm">
        Run this where the satellite should run (Node.js 20 or later). Add{' '}
        <Code>SATELLITE_PUBLIC_URL</Code> with the address MCP clients will reach it at, and{' '}
        <Code>SATELLITE_PORT</Code> if 3100 is taken.
      </Text>
      <Code block tabIndex={0} data-testid="satellite-command">
        {command}
      </Code>
      <Group>
        <CopyButton value={command}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Command copied' : 'Copy command'}
            </Button>
          )}
        </CopyButton>
        <CopyButton value={token.token}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Token copied' : 'Copy token only'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
