import { Group, Select, Switch } from '@mantine/core';

/** “Follow”: fetch the newest page again every few seconds (these lists have no stream). */
export function ListControls({
  follow,
  onFollow,
  filterLabel,
  filter,
  onFilter,
  options,
}: {
  follow: boolean;
  onFollow: (on: boolean) => void;
  filterLabel: string;
  filter: string | null;
  onFilter: (value: string | null) => void;
  options: string[];
}) {
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={filterLabel}
        placeholder="All"
        clearable
        data={options}
        value={filter}
        onChange={onFilter}
        w={200}
      />
      <Switch
        label="Follow (newest first, every 3 s)"
        checked={follow}
        onChange={(e) => onFollow(e.currentTarget.checked)}
        mb={6}
      />
    </Group>
  );
}

export const FOLLOW_MS = 3000;
