import { Tabs } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { ErrorNotice, Loading, PageHeader } from '../../ui/feedback';
import { EventHistory } from './EventHistory';
import { Metrics } from './Metrics';
import { Processes } from './Processes';
import { SatelliteActions } from './SatelliteActions';
import { SatelliteDetails } from './SatelliteDetails';
import { useSatellite } from './useSatellite';

const TABS = ['processes', 'metrics', 'events'];

/** One satellite: what it is, its health, its processes, its heartbeats and its events, live. */
export default function Satellite() {
  const { satelliteId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = TABS.includes(params.get('tab') ?? '') ? params.get('tab') : 'processes';
  const query = useSatellite(satelliteId);
  if (query.isPending) return <Loading what="the satellite" />;
  if (query.error)
    return (
      <>
        <PageHeader title="Satellite" />
        <ErrorNotice error={query.error} title="Could not load this satellite" />
      </>
    );
  const { satellite } = query.data;
  return (
    <>
      <PageHeader
        title={satellite.name}
        description={satellite.type === 'global' ? 'Global satellite' : 'Team satellite'}
        actions={<SatelliteActions satellite={satellite} />}
      />
      <SatelliteDetails satellite={satellite} />
      <Tabs
        mt="xl"
        value={tab}
        keepMounted={false}
        onChange={(value) => setParams(value ? { tab: value } : {}, { replace: true })}
      >
        <Tabs.List>
          <Tabs.Tab value="processes">Processes</Tabs.Tab>
          <Tabs.Tab value="metrics">Metrics</Tabs.Tab>
          <Tabs.Tab value="events">Event history</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="processes" pt="md">
          <Processes satelliteId={satellite.id} />
        </Tabs.Panel>
        <Tabs.Panel value="metrics" pt="md">
          <Metrics satelliteId={satellite.id} />
        </Tabs.Panel>
        <Tabs.Panel value="events" pt="md">
          <EventHistory satelliteId={satellite.id} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
