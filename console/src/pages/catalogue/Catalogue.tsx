import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../session';
import { ErrorNotice, PageHeader } from '../../ui/feedback';
import { fetchCategories, keys, TRANSPORT_LABEL, TRANSPORTS, isTransport } from './api';
import { CategoriesModal } from './CategoriesModal';
import { CreateServerModal } from './ServerFormModal';
import { ServerTable } from './ServerTable';
import { useCatalogueFilters } from './useCatalogueFilters';

/** What a member may do here beyond browsing, from their permissions. */
function useCatalogueRights() {
  const { can } = useSession();
  return {
    manageCategories: can('mcp.categories.manage'),
    createServer: can('mcp.servers.global.create'),
    registry: can('mcp.servers.global.create') || can('mcp.servers.global.edit'),
  };
}

function Actions() {
  const rights = useCatalogueRights();
  const [categories, categoriesModal] = useDisclosure();
  const [create, createModal] = useDisclosure();
  if (!rights.manageCategories && !rights.createServer && !rights.registry) return null;
  return (
    <Group gap="xs" wrap="wrap">
      {rights.registry ? (
        <Button component={Link} to="/catalogue/registry" variant="default">
          Registry & sync
        </Button>
      ) : null}
      {rights.manageCategories ? (
        <Button variant="default" onClick={categoriesModal.open}>
          Manage categories
        </Button>
      ) : null}
      {rights.createServer ? <Button onClick={createModal.open}>Add a server</Button> : null}
      <CategoriesModal opened={categories} onClose={categoriesModal.close} />
      <CreateServerModal opened={create} onClose={createModal.close} />
    </Group>
  );
}

export default function Catalogue() {
  const { filters, text, setText, setCategory, setTransport, setPage } = useCatalogueFilters();
  const categories = useQuery({ queryKey: keys.categories, queryFn: fetchCategories });
  return (
    <Stack gap="md">
      <PageHeader
        title="Catalogue"
        description="The MCP servers your teams can install. Search by name, tag or description."
        actions={<Actions />}
      />
      <ErrorNotice error={categories.error} title="Could not load the categories" />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Search"
          type="search"
          placeholder="e.g. file system"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Select
          label="Category"
          placeholder="All categories"
          clearable
          data={(categories.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.name} (${c.server_count})`,
          }))}
          value={filters.categoryId}
          onChange={setCategory}
        />
        <Select
          label="Transport"
          placeholder="Any transport"
          clearable
          data={TRANSPORTS.map((t) => ({ value: t, label: TRANSPORT_LABEL[t] }))}
          value={filters.transport}
          onChange={(value) => setTransport(isTransport(value) ? value : null)}
        />
      </SimpleGrid>
      <ServerTable filters={filters} categories={categories.data ?? []} onPage={setPage} />
    </Stack>
  );
}
