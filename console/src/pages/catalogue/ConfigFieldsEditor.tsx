import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  KIND_LABEL,
  KINDS,
  LEVEL_LABEL,
  LEVELS,
  newField,
  type FieldRow,
  type Kind,
  type Level,
} from './serverForm';

const isLevel = (v: string | null): v is Level => LEVELS.some((l) => l === v);
const isKind = (v: string | null): v is Kind => KINDS.some((k) => k === v);

function FieldEditor({
  row,
  index,
  onChange,
  onRemove,
}: {
  row: FieldRow;
  index: number;
  onChange: (row: FieldRow) => void;
  onRemove: () => void;
}) {
  const set = (changes: Partial<FieldRow>) => onChange({ ...row, ...changes });
  return (
    <Fieldset legend={`Field ${index + 1}${row.name ? `: ${row.name}` : ''}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput
          label="Name"
          required
          value={row.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <Select
          label="Filled in by"
          allowDeselect={false}
          data={LEVELS.map((l) => ({ value: l, label: LEVEL_LABEL[l] }))}
          value={row.level}
          onChange={(v) => isLevel(v) && set({ level: v })}
        />
        <Select
          label="Kind"
          allowDeselect={false}
          data={KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
          value={row.kind}
          onChange={(v) => isKind(v) && set({ kind: v })}
        />
        <TextInput
          label="Default"
          value={row.default}
          onChange={(e) => set({ default: e.currentTarget.value })}
        />
        <TextInput
          label="Description"
          value={row.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <Group gap="md" align="end">
          <Checkbox
            label="Required"
            checked={row.required}
            onChange={(e) => set({ required: e.currentTarget.checked })}
          />
          <Checkbox
            label="Secret"
            checked={row.secret}
            onChange={(e) => set({ secret: e.currentTarget.checked })}
          />
          <Button size="xs" variant="default" color="red" onClick={onRemove}>
            Remove field {index + 1}
          </Button>
        </Group>
      </SimpleGrid>
    </Fieldset>
  );
}

/**
 * The configuration a server asks for: values fixed here, values each installing team fills in,
 * and values each member fills in (credentials, usually secret).
 */
export function ConfigFieldsEditor({
  rows,
  onChange,
  hasRegistryDetails,
}: {
  rows: FieldRow[];
  onChange: (rows: FieldRow[]) => void;
  hasRegistryDetails: boolean;
}) {
  return (
    <Stack gap="xs">
      <Text fw={600}>Configuration fields</Text>
      <Text size="sm" c="dimmed">
        Arguments, environment variables and headers the server needs. Team fields are filled in
        once per installation; user fields by each member, for themselves.
      </Text>
      {hasRegistryDetails ? (
        <Text size="sm">
          Some fields came from the registry with allowed values or formats; changing any field here
          keeps only name, description, required, secret and default.
        </Text>
      ) : null}
      {rows.map((row, i) => (
        <FieldEditor
          key={row.key}
          row={row}
          index={i}
          onChange={(next) => onChange(rows.map((r) => (r.key === row.key ? next : r)))}
          onRemove={() => onChange(rows.filter((r) => r.key !== row.key))}
        />
      ))}
      <Group>
        <Button size="xs" variant="default" onClick={() => onChange([...rows, newField()])}>
          Add a configuration field
        </Button>
      </Group>
    </Stack>
  );
}
