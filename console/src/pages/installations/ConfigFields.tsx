import { Badge, PasswordInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { fieldsOf, KIND_LABEL, storedValue, type Draft, type FieldRef } from './config';
import type { ConfigSection, ConfigValues } from './data';
import { ScrollTable } from '../../ui/ScrollTable';

function describe({ kind, field }: FieldRef) {
  const parts = [KIND_LABEL[kind], field.description];
  if (field.default && !field.secret) parts.push(`default: ${field.default}`);
  return parts.filter(Boolean).join(' · ');
}

/** Whether a secret is stored: the only thing the console ever says about its value. */
export function SecretState({ set, editable }: { set: boolean; editable?: boolean }) {
  return (
    <Text size="xs" c="dimmed" component="div">
      <Badge component="span" size="sm" variant="light" color={set ? 'cyan' : 'gray'}>
        {set ? 'set' : 'not set'}
      </Badge>{' '}
      {set && editable ? 'Leave the field empty to keep the saved value.' : null}
    </Text>
  );
}

interface FieldProps {
  ref_: FieldRef;
  value: string;
  onChange(value: string): void;
  stored?: ConfigValues;
  disabled?: boolean;
}

function FieldInput({ ref_, value, onChange, stored, disabled }: FieldProps) {
  const { kind, field } = ref_;
  const common = {
    label: field.name,
    description: describe(ref_),
    withAsterisk: field.required,
    disabled,
  };
  if (field.secret) {
    const set = storedValue(stored, kind, field.name) !== undefined;
    return (
      <Stack gap={4}>
        <PasswordInput
          {...common}
          autoComplete="new-password"
          placeholder={set ? 'Saved — type to replace' : field.placeholder}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
        {stored ? <SecretState set={set} editable /> : null}
      </Stack>
    );
  }
  const choices = field.choices?.length
    ? field.choices
    : field.format === 'boolean'
      ? ['true', 'false']
      : null;
  if (choices)
    return (
      <Select
        {...common}
        data={choices}
        clearable
        placeholder={field.default ?? 'Choose'}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
      />
    );
  return (
    <TextInput
      {...common}
      inputMode={field.format === 'number' ? 'decimal' : undefined}
      placeholder={field.placeholder ?? field.default ?? undefined}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** One input per field of a configuration level, in the schema's order. */
export function ConfigFields({
  section,
  draft,
  setDraft,
  stored,
  disabled,
}: {
  section: ConfigSection;
  draft: Draft;
  setDraft(update: (draft: Draft) => Draft): void;
  stored?: ConfigValues;
  disabled?: boolean;
}) {
  return (
    <Stack gap="sm">
      {fieldsOf(section).map((ref_) => (
        <FieldInput
          key={ref_.key}
          ref_={ref_}
          value={draft[ref_.key] ?? ''}
          onChange={(value) => setDraft((d) => ({ ...d, [ref_.key]: value }))}
          stored={stored}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}

/** The stored values for reading only; a secret shows as set or not set. */
export function ConfigTable({
  section,
  stored,
  label,
}: {
  section: ConfigSection;
  stored: ConfigValues;
  label: string;
}) {
  return (
    <ScrollTable label={label} minWidth={480}>
      <Table aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fieldsOf(section).map(({ kind, field, key }) => {
            const value = storedValue(stored, kind, field.name);
            return (
              <Table.Tr key={key}>
                <Table.Td>{field.name}</Table.Td>
                <Table.Td>{KIND_LABEL[kind]}</Table.Td>
                <Table.Td>
                  {field.secret ? (
                    <SecretState set={value !== undefined} />
                  ) : (
                    (value ?? field.default ?? '—')
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
