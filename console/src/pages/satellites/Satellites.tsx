import { useSession } from '../../session';
import { PageHeader } from '../../ui/feedback';
import { PairSatellite } from './PairSatellite';
import { RegistrationTokens } from './RegistrationTokens';
import { SatelliteList } from './SatelliteList';

/** The satellites the member manages, their health, and pairing new ones. */
export default function Satellites() {
  const { can } = useSession();
  const manages = can('satellites.manage');
  return (
    <>
      <PageHeader
        title="Satellites"
        description="Satellites run your teams' MCP servers. Each reports its health with a heartbeat."
        actions={manages ? <PairSatellite /> : null}
      />
      <SatelliteList />
      {manages ? <RegistrationTokens /> : null}
    </>
  );
}
