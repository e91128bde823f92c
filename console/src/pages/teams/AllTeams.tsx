import { Anchor, Badge, Group, Table } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/feedback';
import { when } from '../../ui/format';
import { Section } from '../account/Section';
import { fetchAllTeams, type Team } from './api';
import { PagedTeams } from './PagedTeams';

function TeamRow({ team }: { team: Team }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Anchor component={Link} to={`/teams/${team.id}`}>
            {team.name}
          </Anchor>
          {team.is_default ? (
            <Badge variant="light" color="gray">
              Default
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>{team.slug}</Table.Td>
      <Table.Td>{team.member_count}</Table.Td>
      <Table.Td>{when(team.created_at)}</Table.Td>
    </Table.Tr>
  );
}

/** Every team on the service, for global administrators. */
export function AllTeams() {
  return (
    <Section
      title="Every team on this service"
      description="As an administrator you can open any team and manage it."
    >
      <PagedTeams
        queryKey={['teams', 'all']}
        fetch={fetchAllTeams}
        label="Every team"
        columns={['Team', 'Slug', 'Members', 'Created']}
        row={(t) => <TeamRow key={t.id} team={t} />}
        empty={<EmptyState title="No teams yet">Every account gets a default team.</EmptyState>}
      />
    </Section>
  );
}
