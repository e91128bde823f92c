import { Stack } from '@mantine/core';
import { useSession } from '../../session';
import { PageHeader } from '../../ui/feedback';
import { AllTeams } from './AllTeams';
import { CreateTeam } from './CreateTeam';
import { MyTeams } from './MyTeams';

/** The member's teams (and, for administrators, every team); creating a team. */
export default function Teams() {
  const { can } = useSession();
  return (
    <>
      <PageHeader
        title="Teams"
        description="A team shares installed MCP servers and satellites. Members join when a team admin adds their account."
        actions={<CreateTeam />}
      />
      <Stack gap="lg">
        <MyTeams />
        {can('teams.view') ? <AllTeams /> : null}
      </Stack>
    </>
  );
}
