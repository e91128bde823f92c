import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import type { CatalogueServer } from './data';

type Option = { value: string; label: string };

async function findServers(q: string): Promise<Option[]> {
  const data = q
    ? await unwrap(
        api.GET('/api/mcp/servers/search', {
          params: { query: { q, limit: '20', status: 'active' } },
        }),
      )
    : await unwrap(
        api.GET('/api/mcp/servers', { params: { query: { limit: '50', status: 'active' } } }),
      );
  return data.servers.map((s) => ({ value: s.id, label: s.name }));
}

/**
 * A searchable choice of catalogue server: the first servers by name, or the search's answer
 * for what the member types (ranked by the API, so the list is not filtered again here).
 */
export function ServerPicker({
  chosen,
  onChoose,
}: {
  chosen: CatalogueServer | null;
  onChoose(id: string | null): void;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  // While the field shows the chosen server's name, list around it rather than search for it.
  const query = chosen && q === chosen.name ? '' : q;
  const found = useQuery({
    queryKey: ['catalogue', 'pick', query],
    queryFn: () => findServers(query),
    placeholderData: keepPreviousData,
  });
  const options = found.data ?? [];
  const data =
    chosen && !options.some((o) => o.value === chosen.id)
      ? [{ value: chosen.id, label: chosen.name }, ...options]
      : options;
  return (
    <>
      <Select
        label="Catalogue server"
        description="Type to search the catalogue by name, description or tag"
        placeholder="Search the catalogue"
        searchable
        clearable
        data={data}
        value={chosen?.id ?? null}
        onChange={onChoose}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={found.isFetching ? 'Searching…' : 'No server matches'}
      />
      <ErrorNotice error={found.error} title="Could not read the catalogue" />
    </>
  );
}
