import { Anchor, SimpleGrid, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../session';
import { EmptyState, PageHeader } from '../../ui/feedback';
import { ImportSection } from './ImportSection';
import { SourceSection } from './SourceSection';
import { StarterSection } from './StarterSection';
import { SyncSection } from './SyncSection';

/**
 * Where the catalogue comes from: the starter catalogue, imports of server.json documents, and
 * the MCP registry it follows with its syncs. Imports need mcp.servers.global.create; the source
 * and syncs mcp.servers.global.edit.
 */
export default function Registry() {
  const { can } = useSession();
  const imports = can('mcp.servers.global.create');
  const syncs = can('mcp.servers.global.edit');
  const header = (
    <PageHeader
      title="Registry & sync"
      description={
        <>
          Fill the{' '}
          <Anchor component={Link} to="/catalogue" underline="always">
            catalogue
          </Anchor>{' '}
          from an MCP registry, the starter catalogue or server.json documents.
        </>
      }
    />
  );
  if (!imports && !syncs) {
    return (
      <>
        {header}
        <EmptyState title="For administrators">
          Only administrators of the catalogue manage where it comes from. Ask one to add the
          servers your team needs.
        </EmptyState>
      </>
    );
  }
  return (
    <Stack gap="md">
      {header}
      {syncs ? <SourceSection /> : null}
      {syncs ? <SyncSection /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {imports ? <StarterSection /> : null}
        {imports ? <ImportSection /> : null}
      </SimpleGrid>
    </Stack>
  );
}
