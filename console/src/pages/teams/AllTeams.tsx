import { Anchor, Badge, Group, Table } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { when } from '../../ui/format';
import { Section } from '../account/Section';
import { PAGE_SIZE, fetchAllTeams } from './api';
import { Pager } from '../../ui/Pager';

/** Every team on the service, for global administrators. */
export function AllTeams() {
  const [page, setPage] = useState(1);
  const teams = useQuery({
    queryKey: ['teams', 'all', page],
    queryFn: () => fetchAllTeams(page),
    placeholderData: keepPreviousData,
  });
  let body;
  if (teams.isPending) body = <Loading what="every team" />;
  else if (teams.error) body = <ErrorNotice error={teams.error} />;
  else if (teams.data.teams.length === 0)
    body = <EmptyState title="No teams yet">Every account gets a default team.</EmptyState>;
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Every team" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Team</Table.Th>
                <Table.Th>Slug</Table.Th>
                <Table.Th>Members</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {teams.data.teams.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Anchor component={Link} to={`/teams/${t.id}`}>
                        {t.name}
                      </Anchor>
                      {t.is_default ? (
                        <Badge variant="light" color="gray">
                          Default
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{t.slug}</Table.Td>
                  <Table.Td>{t.member_count}</Table.Td>
                  <Table.Td>{when(t.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Pager
          label="Pages of every team"
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
      title="Every team on this service"
      description="As an administrator you can open any team and manage it."
    >
      {body}
    </Section>
  );
}
