import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session';
import { EmptyState, PageHeader } from '../../ui/feedback';
import { ClientActivity } from './ClientActivity';
import { RequestLogs } from './RequestLogs';
import { ServerLogs } from './ServerLogs';
import { Usage } from './Usage';
import { WithInstallation } from './WithInstallation';

const TABS = ['client', 'requests', 'logs', 'usage'];

function NoTeam() {
  return (
    <EmptyState title="You are in no team">
      Requests, logs and usage belong to a team’s installations: join or create a team first.
    </EmptyState>
  );
}

/** What MCP clients did: the member's own activity live, and each installation's records. */
export default function Activity() {
  const { team } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = TABS.includes(params.get('tab') ?? '') ? params.get('tab') : 'client';
  const select = (value: string | null) =>
    setParams(
      (current) => {
        current.set('tab', value ?? 'client');
        return current;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader
        title="Activity"
        description="Your MCP clients’ calls as they happen, and each installation’s requests, logs and usage."
      />
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="client">Client activity</Tabs.Tab>
          <Tabs.Tab value="requests">Request logs</Tabs.Tab>
          <Tabs.Tab value="logs">Server logs</Tabs.Tab>
          <Tabs.Tab value="usage">Usage</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="client" pt="md">
          <ClientActivity />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          {team ? (
            <WithInstallation>
              {(i) => <RequestLogs key={i.id} installation={i} />}
            </WithInstallation>
          ) : (
            <NoTeam />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="logs" pt="md">
          {team ? (
            <WithInstallation>{(i) => <ServerLogs key={i.id} installation={i} />}</WithInstallation>
          ) : (
            <NoTeam />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="usage" pt="md">
          {team ? <Usage /> : <NoTeam />}
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
