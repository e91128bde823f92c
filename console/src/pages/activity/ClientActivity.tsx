import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../session';
import { useStream } from '../../ui/stream';
import { StreamBadge } from '../satellites/parts';
import type { Activity } from '../satellites/types';
import { ActivityTable } from './ActivityTable';
import { useInstallations } from './data';

const KINDS = [
  { value: 'all', label: 'All' },
  { value: 'tool_execution', label: 'Tool calls' },
  { value: 'request', label: 'Requests' },
  { value: 'client', label: 'Clients' },
];

function streamUrl(teamId: string | null, installationId: string | null) {
  const query = new URLSearchParams();
  if (teamId) query.set('team_id', teamId);
  if (teamId && installationId) query.set('installation_id', installationId);
  const text = query.toString();
  return `/api/users/me/mcp/client-activity/stream${text ? `?${text}` : ''}`;
}

/** What the member's own MCP clients did, live: tool calls, requests and client reports. */
export function ClientActivity() {
  const { me, team } = useSession();
  const [teamId, setTeamId] = useState<string | null>(null);
  const [installationId, setInstallationId] = useState<string | null>(null);
  const [kind, setKind] = useState('all');
  const [paused, setPaused] = useState(false);
  const installations = useInstallations(teamId);
  // Names for the table: the chosen team's installations, else the current team's.
  const named = useInstallations(teamId ?? team?.id ?? null);
  const stream = useStream<Activity>(streamUrl(teamId, installationId), {
    event: 'activity',
    itemsKey: 'activity',
    keep: 200,
    paused,
  });
  const shown = stream.items.filter((a) => kind === 'all' || a.kind === kind);
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Filter by team"
          placeholder="All my teams"
          clearable
          data={me.teams.map((t) => ({ value: t.id, label: t.name }))}
          value={teamId}
          onChange={(id) => {
            setTeamId(id);
            setInstallationId(null);
          }}
          w={220}
        />
        <Select
          label="Filter by installation"
          placeholder={teamId ? 'All installations' : 'Choose a team first'}
          clearable
          disabled={!teamId}
          data={(installations.data?.installations ?? []).map((i) => ({
            value: i.id,
            label: i.name,
          }))}
          value={installationId}
          onChange={setInstallationId}
          w={220}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="activity-kind">
            Kind
          </Text>
          <SegmentedControl
            aria-labelledby="activity-kind"
            value={kind}
            onChange={setKind}
            data={KINDS}
          />
        </Stack>
        <Button
          variant={paused ? 'filled' : 'default'}
          aria-pressed={paused}
          onClick={() => setPaused((p) => !p)}
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <StreamBadge status={stream.status} paused={paused} />
      </Group>
      {paused ? (
        <Text size="sm" c="dimmed">
          Paused: new activity is held and appears when you resume.
        </Text>
      ) : null}
      <ActivityTable items={shown} installations={named.data?.installations ?? []} />
    </Stack>
  );
}
