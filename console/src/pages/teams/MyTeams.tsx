import { Anchor, Badge, Button, Group, Table } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../session';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { Section } from '../account/Section';
import { PAGE_SIZE, ROLE_LABEL, fetchMyTeams, type Team } from './api';
import { Pager } from '../../ui/Pager';

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
  const [page, setPage] = useState(1);
  const teams = useQuery({
    queryKey: ['teams', 'mine', page],
    queryFn: () => fetchMyTeams(page),
    placeholderData: keepPreviousData,
  });
  let body;
  if (teams.isPending) body = <Loading what="your teams" />;
  else if (teams.error) body = <ErrorNotice error={teams.error} />;
  else if (teams.data.teams.length === 0)
    body = (
      <EmptyState title="You are in no team">
        Create a team, or ask a team admin to add your account to theirs.
      </EmptyState>
    );
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Your teams" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Team</Table.Th>
                <Table.Th>Your role</Table.Th>
                <Table.Th>Members</Table.Th>
                <Table.Th>Console</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {teams.data.teams.map((t) => (
                <TeamRow key={t.id} team={t} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Pager
          label="Pages of your teams"
          page={page}
          pageSize={PAGE_SIZE}
          total={teams.data.pagination.total}
          noun={['team', 'teams']}
          onChange={setPage}
        />
      </>
    );
  return (
    <Section
      title="Your teams"
      description="The console works in one team at a time: its installations, satellites and audit log."
    >
      {body}
    </Section>
  );
}
