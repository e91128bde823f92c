import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, expectOk } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { keys, type Category } from './api';

/**
 * Confirms deleting a category. One that servers use can only go once they move elsewhere, so the
 * administrator picks where (the API refuses otherwise, and says so).
 */
export function DeleteCategory({
  category,
  all,
  onDone,
}: {
  category: Category;
  all: Category[];
  onDone: () => void;
}) {
  const queries = useQueryClient();
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () =>
      expectOk(
        api.DELETE('/api/mcp/categories/{id}', {
          params: {
            path: { id: category.id },
            query: moveTo ? { move_servers_to: moveTo } : {},
          },
        }),
      ),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: keys.all });
      onDone();
    },
  });
  const others = all.filter((c) => c.id !== category.id);
  return (
    <Stack gap="xs" mt="xs">
      <Text size="sm">
        Delete “{category.name}”?
        {category.server_count > 0
          ? ` ${category.server_count} server(s) are filed under it: choose where they go.`
          : ''}
      </Text>
      {category.server_count > 0 ? (
        <Select
          label="Move its servers to"
          size="xs"
          data={others.map((c) => ({ value: c.id, label: c.name }))}
          value={moveTo}
          onChange={setMoveTo}
        />
      ) : null}
      <ErrorNotice error={remove.error} title="Could not delete the category" />
      <Group gap="xs">
        <Button size="xs" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
          Yes, delete {category.name}
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Keep it
        </Button>
      </Group>
    </Stack>
  );
}
