import { Anchor, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../session';
import { ErrorNotice, Loading, PageHeader } from '../../ui/feedback';
import { fetchInstallation, fetchServer, keys, type PanelsProps } from './data';
import { InstancesPanel } from './InstancesPanel';
import { MyConfig } from './MyConfig';
import { NoTeam } from './NoTeam';
import { Overview } from './Overview';
import { RemoveInstallation } from './RemoveInstallation';
import { isMoving, POLL_MS } from './status';
import { TeamConfig } from './TeamConfig';
import { ToolsPanel } from './ToolsPanel';

const TABS = ['overview', 'my-config', 'tools', 'team-config', 'instances'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t === value);

function Panels({ teamId, installation, server }: PanelsProps) {
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: Tab = isTab(wanted) ? wanted : 'overview';
  const admin = can('mcp.installations.edit');
  const props = { teamId, installation, server };
  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setParams((prev) => {
          prev.set('tab', value ?? 'overview');
          return prev;
        })
      }
      keepMounted={false}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="overview">Overview</Tabs.Tab>
        <Tabs.Tab value="my-config">My configuration</Tabs.Tab>
        <Tabs.Tab value="tools">Tools</Tabs.Tab>
        <Tabs.Tab value="team-config">Team configuration</Tabs.Tab>
        {admin ? <Tabs.Tab value="instances">Instances</Tabs.Tab> : null}
      </Tabs.List>
      <Tabs.Panel value="overview">
        <Overview {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="my-config">
        <MyConfig {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="tools">
        <ToolsPanel {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="team-config">
        <TeamConfig {...props} />
      </Tabs.Panel>
      {admin ? (
        <Tabs.Panel value="instances">
          <InstancesPanel teamId={teamId} installationId={installation.id} />
        </Tabs.Panel>
      ) : null}
    </Tabs>
  );
}

function InstallationView({ teamId, id }: { teamId: string; id: string }) {
  const { can } = useSession();
  const installation = useQuery({
    queryKey: keys.installation(teamId, id),
    queryFn: () => fetchInstallation(teamId, id),
    refetchInterval: (q) => (isMoving(q.state.data?.my_instance?.status) ? POLL_MS : false),
  });
  const serverId = installation.data?.server.id ?? '';
  const server = useQuery({
    queryKey: keys.server(serverId),
    queryFn: () => fetchServer(serverId),
    enabled: !!serverId,
  });
  if (installation.isPending || (installation.data && server.isPending))
    return <Loading what="the installation" />;
  const error = installation.error ?? server.error;
  if (error || !installation.data || !server.data)
    return (
      <>
        <PageHeader title="Installation" />
        <ErrorNotice error={error} title="Could not read the installation" />
        <Anchor component={Link} to="/installations">
          Back to installations
        </Anchor>
      </>
    );
  const i = installation.data;
  return (
    <>
      <PageHeader
        title={i.name}
        description={
          <>
            <Anchor underline="always" component={Link} to={`/catalogue/${i.server.id}`}>
              {i.server.name}
            </Anchor>{' '}
            ({i.server.transport}) installed for the team
          </>
        }
        actions={
          can('mcp.installations.delete') ? (
            <RemoveInstallation teamId={teamId} installation={i} />
          ) : null
        }
      />
      <Panels teamId={teamId} installation={i} server={server.data} />
    </>
  );
}

export default function InstallationPage() {
  const { team } = useSession();
  const { installationId = '' } = useParams();
  if (!team) return <NoTeam title="Installation" />;
  return <InstallationView key={installationId} teamId={team.id} id={installationId} />;
}
