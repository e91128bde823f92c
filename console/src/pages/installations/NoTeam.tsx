import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageHeader } from '../../ui/feedback';

/** For a member without a team: installations and connections live in teams. */
export function NoTeam({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title="You are not in a team yet."
        action={
          <Button component={Link} to="/teams">
            Go to teams
          </Button>
        }
      >
        Servers are installed for a team. Create a team, or ask a team administrator to add you.
      </EmptyState>
    </>
  );
}
