import { Anchor, Badge, Button, Group, Table } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../session';
import { EmptyState } from '../../ui/feedback';
import { Section } from '../account/Section';
import { ROLE_LABEL, fetchMyTeams, type Team } from './api';
import { PagedTeams } from './PagedTeams';

function SwitchCell({ team }: { team: Team }) {
  const session = useSession();
  if (session.team?.id === team.id) {
    return <Badge variant="light">Current team</Badge>;
  }
  // A team created a moment ago is known to the session once the account is read again.
  const known = session.me.teams.some((t) => t.id === team.id);
  return (
    <Button
      size="xs"
      variant="default"
      disabled={!known}
      onClick={() => session.selectTeam(team.id)}
    >
      Switch to {team.name}
    </Button>
  );
}

function TeamRow({ team }: { team: Team }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Anchor component={Link} to={`/teams/${team.id}`} fw={500}>
            {team.name}
          </Anchor>
          {team.is_default ? (
            <Badge variant="light" color="gray">
              Your default
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>{team.role ? ROLE_LABEL[team.role] : '—'}</Table.Td>
      <Table.Td>{team.member_count}</Table.Td>
      <Table.Td>
        <SwitchCell team={team} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The teams the member belongs to, and which one the console works in. */
export function MyTeams() {
  return (
    <Section
      title="Your teams"
      description="The console works in one team at a time: its installations, satellites and audit log."
    >
      <PagedTeams
        queryKey={['teams', 'mine']}
        fetch={fetchMyTeams}
        label="Your teams"
        columns={['Team', 'Your role', 'Members', 'Console']}
        row={(t) => <TeamRow key={t.id} team={t} />}
        empty={
          <EmptyState title="You are in no team">
            Create a team, or ask a team admin to add your account to theirs.
          </EmptyState>
        }
      />
    </Section>
  );
}
