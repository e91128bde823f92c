import { Anchor, Button, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../session';
import { EmptyState, ErrorNotice, Loading, PageHeader } from '../../ui/feedback';
import { keys, type Installation } from '../installations/data';
import { NoTeam } from '../installations/NoTeam';
import { needsMember, StatusBadge } from '../installations/status';
import { ClientConfigs } from './ClientConfigs';
import { Snippet } from './Copy';
import { fetchAllInstallations } from './data';
import { targetsFor } from './targets';
import { TestConnection } from './TestConnection';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Installations whose instance waits for me, or failed: each links to where to fix it. */
function Attention({ installations }: { installations: Installation[] }) {
  const waiting = installations.filter((i) => {
    const s = i.my_instance?.status;
    return needsMember(s) || s === 'error' || s === 'permanently_failed';
  });
  if (waiting.length === 0) return null;
  return (
    <Section id="attention" title="Needs your attention">
      <List spacing="xs">
        {waiting.map((i) => (
          <List.Item key={i.id}>
            <Anchor underline="always" component={Link} to={`/installations/${i.id}`}>
              {i.name}
            </Anchor>{' '}
            <StatusBadge status={i.my_instance?.status} />{' '}
            <Text span size="sm" c="dimmed">
              {i.my_instance?.status_message ?? ''}
            </Text>
          </List.Item>
        ))}
      </List>
    </Section>
  );
}

function NothingInstalled({ canInstall }: { canInstall: boolean }) {
  return (
    <EmptyState
      title="No servers are installed in this team yet."
      action={
        <Button component={Link} to="/catalogue">
          Browse the catalogue
        </Button>
      }
    >
      {canInstall
        ? 'Install a server from the catalogue; its tools then appear at this URL.'
        : 'Ask a team administrator to install servers from the catalogue; their tools then appear at this URL.'}
    </EmptyState>
  );
}

function ConnectView({ teamId, teamSlug }: { teamId: string; teamSlug: string }) {
  const { me, can } = useSession();
  const [target, setTarget] = useState('all');
  const all = useQuery({
    queryKey: [...keys.installations(teamId), 'all'],
    queryFn: () => fetchAllInstallations(teamId),
  });
  const installations = all.data ?? [];
  const targets = targetsFor(window.location.origin, teamSlug, me.id, installations);
  const chosen = targets.find((t) => t.value === target) ?? targets[0]!;
  return (
    <Stack gap="lg">
      {all.isPending ? <Loading what="your servers" /> : null}
      <ErrorNotice error={all.error} title="Could not list the team’s installations" />
      {all.data && installations.length === 0 ? (
        <NothingInstalled canInstall={can('mcp.installations.create')} />
      ) : null}
      <Attention installations={installations} />
      <Section id="url" title="Your MCP URL">
        <Stack gap="sm">
          <Select
            label="What your client reaches"
            data={targets.map((t) => ({ value: t.value, label: t.label }))}
            value={chosen.value}
            onChange={(v) => setTarget(v ?? 'all')}
            allowDeselect={false}
            maw={420}
          />
          <Text size="sm" c="dimmed">
            {chosen.explain}
          </Text>
          <Snippet value={chosen.url} what="MCP URL" />
        </Stack>
      </Section>
      <Section id="clients" title="Set up your client">
        <ClientConfigs name={chosen.name} url={chosen.url} />
      </Section>
      <Section id="test" title="Test connection">
        <TestConnection
          teamId={teamId}
          teamSlug={teamSlug}
          userId={me.id}
          url={`${window.location.origin}/mcp`}
        />
      </Section>
    </Stack>
  );
}

export default function Connect() {
  const { team } = useSession();
  if (!team) return <NoTeam title="Connect an MCP client" />;
  return (
    <>
      <PageHeader
        title="Connect an MCP client"
        description={`Use the tools of ${team.name} from your editor or assistant: one URL, and your client signs you in with your Groundstation account.`}
      />
      <ConnectView key={team.id} teamId={team.id} teamSlug={team.slug} />
    </>
  );
}
