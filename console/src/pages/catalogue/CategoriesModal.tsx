import { ScrollTable } from '../../ui/ScrollTable';
import { Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorNotice, EmptyState, Loading } from '../../ui/feedback';
import { fetchCategories, keys, type Category } from './api';
import { DeleteCategory } from './DeleteCategory';

function useRefreshCatalogue() {
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: keys.all });
}

function NewCategory() {
  const refresh = useRefreshCatalogue();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/mcp/categories', {
          body: { name: name.trim(), ...(description.trim() ? { description } : {}) },
        }),
      ),
    onSuccess: async () => {
      setName('');
      setDescription('');
      await refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="New category">
      <Stack gap="xs">
        <Title order={3} size="h5">
          New category
        </Title>
        <ErrorNotice error={create.error} title="Could not create the category" />
        <Group align="end" wrap="wrap">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Button type="submit" loading={create.isPending}>
            Create category
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RenameCategory({ category, onDone }: { category: Category; onDone: () => void }) {
  const refresh = useRefreshCatalogue();
  const [name, setName] = useState(category.name);
  const rename = useMutation({
    mutationFn: () =>
      unwrap(
        api.PUT('/api/mcp/categories/{id}', {
          params: { path: { id: category.id } },
          body: { name: name.trim() },
        }),
      ),
    onSuccess: async () => {
      await refresh();
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate();
  };
  return (
    <form onSubmit={submit} aria-label={`Rename ${category.name}`}>
      <Stack gap={4}>
        <ErrorNotice error={rename.error} title="Could not rename the category" />
        <Group gap="xs" align="end" wrap="wrap">
          <TextInput
            label={`New name for ${category.name}`}
            required
            size="xs"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button type="submit" size="xs" loading={rename.isPending}>
            Save
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CategoryRow({ category, all }: { category: Category; all: Category[] }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  return (
    <Table.Tr>
      <Table.Td>
        {mode === 'rename' ? (
          <RenameCategory category={category} onDone={() => setMode('view')} />
        ) : (
          <Text fw={500}>{category.name}</Text>
        )}
        {mode === 'delete' ? (
          <DeleteCategory category={category} all={all} onDone={() => setMode('view')} />
        ) : null}
      </Table.Td>
      <Table.Td>{category.server_count}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            aria-label={`Rename ${category.name}`}
            onClick={() => setMode('rename')}
          >
            Rename
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            aria-label={`Delete ${category.name}`}
            onClick={() => setMode('delete')}
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function CategoryList() {
  const categories = useQuery({ queryKey: keys.categories, queryFn: fetchCategories });
  if (categories.error) return <ErrorNotice error={categories.error} />;
  if (!categories.data) return <Loading what="categories" />;
  if (categories.data.length === 0)
    return (
      <EmptyState title="No categories yet">
        Create one below; then file servers under it when you add or edit them.
      </EmptyState>
    );
  return (
    <ScrollTable minWidth={420} label="Categories">
      <Table aria-label="Categories" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Category</Table.Th>
            <Table.Th>Servers</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.data.map((c) => (
            <CategoryRow key={c.id} category={c} all={categories.data} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** Administrators create, rename and delete the catalogue's categories. */
export function CategoriesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Categories" size="lg">
      <Stack>
        <CategoryList />
        <NewCategory />
      </Stack>
    </Modal>
  );
}
