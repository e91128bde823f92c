import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  ACTION_GROUPS,
  ACTOR_TYPES,
  isAction,
  isActorType,
  isoOf,
  localInput,
  type AuditFilters,
} from './filters';

const ACTION_DATA = Object.entries(ACTION_GROUPS).map(([group, actions]) => ({
  group,
  items: [...actions],
}));

const ACTOR_LABELS: Record<(typeof ACTOR_TYPES)[number], string> = {
  user: 'Account',
  oauth_client: 'OAuth client',
  satellite: 'Satellite',
  system: 'The service itself',
};

/** The log's filters, as the API offers them; applied together when the form is submitted. */
export function FilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply(filters: AuditFilters): void;
}) {
  const [action, setAction] = useState<string | null>(filters.action ?? null);
  const [actorType, setActorType] = useState<string | null>(filters.actor_type ?? null);
  const [actorId, setActorId] = useState(filters.actor_id ?? '');
  const [targetType, setTargetType] = useState(filters.target_type ?? '');
  const [targetId, setTargetId] = useState(filters.target_id ?? '');
  const [since, setSince] = useState(localInput(filters.since));
  const [until, setUntil] = useState(localInput(filters.until));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      action: isAction(action) ? action : undefined,
      actor_type: isActorType(actorType) ? actorType : undefined,
      actor_id: actorId.trim() || undefined,
      target_type: targetType.trim() || undefined,
      target_id: targetId.trim() || undefined,
      since: isoOf(since),
      until: isoOf(until),
    });
  };
  return (
    <form onSubmit={submit} aria-label="Filter the audit log">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Select
          label="Action"
          placeholder="Any action"
          data={ACTION_DATA}
          value={action}
          onChange={setAction}
          searchable
          clearable
        />
        <Select
          label="Actor type"
          placeholder="Anyone"
          data={ACTOR_TYPES.map((value) => ({ value, label: ACTOR_LABELS[value] }))}
          value={actorType}
          onChange={setActorType}
          clearable
        />
        <TextInput
          label="Actor ID"
          value={actorId}
          onChange={(e) => setActorId(e.currentTarget.value)}
        />
        <TextInput
          label="Target type"
          placeholder="e.g. team, settings"
          value={targetType}
          onChange={(e) => setTargetType(e.currentTarget.value)}
        />
        <TextInput
          label="Target ID"
          value={targetId}
          onChange={(e) => setTargetId(e.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label="From"
          value={since}
          onChange={(e) => setSince(e.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label="Until"
          value={until}
          onChange={(e) => setUntil(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Group mt="sm" gap="sm">
        <Button type="submit">Apply filters</Button>
        <Button variant="default" onClick={() => onApply({})}>
          Clear filters
        </Button>
      </Group>
    </form>
  );
}
