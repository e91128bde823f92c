import { Anchor, Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorNotice } from '../../ui/feedback';
import { fetchInstallation, keys, type Installation } from './data';
import { isMoving, needsMember, POLL_MS, StatusBadge, statusHint } from './status';

/**
 * What happens after installing, as it happens: installed; the member's own part (their values,
 * their sign-in); the satellite running it. Polls while the instance's status is still moving.
 */
export function InstallProgress({
  teamId,
  first,
  onAnother,
}: {
  teamId: string;
  first: Installation;
  onAnother(): void;
}) {
  const live = useQuery({
    queryKey: keys.installation(teamId, first.id),
    queryFn: () => fetchInstallation(teamId, first.id),
    initialData: first,
    refetchInterval: (q) => (isMoving(q.state.data?.my_instance?.status) ? POLL_MS : false),
  });
  const installation = live.data;
  const status = installation.my_instance?.status;
  const active = needsMember(status) ? 1 : status === 'online' ? 3 : 2;
  const page = `/installations/${installation.id}`;
  return (
    <Stack gap="md" aria-live="polite">
      <Text>
        <strong>{installation.name}</strong> is installed. Your instance:{' '}
        <StatusBadge status={status} />
      </Text>
      {status ? (
        <Text c="dimmed">{installation.my_instance?.status_message ?? statusHint(status)}</Text>
      ) : null}
      <Stepper active={active} orientation="vertical" size="sm">
        <Stepper.Step label="Installed" description="Every team member has an instance" />
        <Stepper.Step
          label="Your part"
          description={
            needsMember(status)
              ? 'Your configuration or sign-in'
              : 'Nothing more is needed from you'
          }
        />
        <Stepper.Step
          label="Running"
          loading={isMoving(status)}
          description={status === 'online' ? 'Online' : 'Starts when an MCP client first uses it'}
        />
      </Stepper>
      {needsMember(status) ? (
        <Anchor component={Link} to={page}>
          Fill in your configuration or sign in
        </Anchor>
      ) : null}
      <ErrorNotice error={live.error} title="Could not read the installation" />
      <Group>
        <Button component={Link} to={page}>
          Open {installation.name}
        </Button>
        <Button variant="default" component={Link} to="/connect">
          Connect a client
        </Button>
        <Button variant="subtle" onClick={onAnother}>
          Install another
        </Button>
      </Group>
    </Stack>
  );
}
