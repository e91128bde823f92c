import { Anchor, Badge, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorNotice, Loading, PageHeader } from '../../ui/feedback';
import { fetchTeam, ROLE_LABEL } from './api';
import { Members } from './Members';
import { useTeamCan } from './permissions';
import { TeamDetails } from './TeamDetails';

/** One team: its details and its members, with the controls the member's role there allows. */
export default function Team() {
  const { teamId = '' } = useParams();
  const team = useQuery({
    queryKey: ['team', teamId, 'details'],
    queryFn: () => fetchTeam(teamId),
  });
  const can = useTeamCan(team.data);
  const back = (
    <Anchor component={Link} to="/teams" size="sm">
      All your teams
    </Anchor>
  );
  if (team.isPending) return <Loading what="the team" />;
  if (team.error) {
    return (
      <>
        <PageHeader title="Team" />
        <Stack>
          <ErrorNotice error={team.error} title="The team could not be opened" />
          {back}
        </Stack>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={team.data.name}
        description={team.data.description ?? undefined}
        actions={
          <Group gap="xs">
            {team.data.is_default ? (
              <Badge variant="light" color="gray">
                Default team
              </Badge>
            ) : null}
            <Badge variant="light">
              {team.data.role ? `You: ${ROLE_LABEL[team.data.role]}` : 'You are not a member'}
            </Badge>
          </Group>
        }
      />
      <Stack gap="lg">
        {back}
        <TeamDetails team={team.data} canEdit={can('team.edit')} />
        <Members team={team.data} canManage={can('team.members.manage')} />
      </Stack>
    </>
  );
}
