import { ScrollTable } from '../../ui/ScrollTable';
import { Badge, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { EmptyState } from '../../ui/feedback';
import type { ConfigField, ConfigSchema } from './api';
import { KIND_LABEL, KINDS, type Kind, type Level } from './serverForm';

const LEVELS: Array<{ level: Level; title: string; about: string }> = [
  {
    level: 'team',
    title: 'Filled in by the team',
    about: 'A team administrator fills these in once when installing; they apply to every member.',
  },
  {
    level: 'user',
    title: 'Filled in by each member',
    about:
      'Each member fills these in for themselves after the team installs the server, usually their own credentials. Secret values are stored encrypted and never shown again.',
  },
  {
    level: 'template',
    title: 'Fixed by the catalogue',
    about: 'Set here for everyone; teams and members do not change them.',
  },
];

function FieldRow({ field, kind }: { field: ConfigField; kind: Kind }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Code>{field.name}</Code>
      </Table.Td>
      <Table.Td>{KIND_LABEL[kind]}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {field.required ? (
            <Badge variant="light" color="blue">
              Required
            </Badge>
          ) : (
            <Text size="sm">Optional</Text>
          )}
          {field.secret ? (
            <Badge variant="light" color="red">
              Secret
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>{field.default ? <Code>{field.default}</Code> : '—'}</Table.Td>
      <Table.Td>
        <Text size="sm">{field.description ?? '—'}</Text>
        {field.choices?.length ? (
          <Text size="sm" c="dimmed">
            One of: {field.choices.join(', ')}
          </Text>
        ) : null}
        {field.placeholder ? (
          <Text size="sm" c="dimmed">
            For example: {field.placeholder}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

function LevelTable({ title, fields }: { title: string; fields: Array<[ConfigField, Kind]> }) {
  return (
    <ScrollTable minWidth={640} label={title}>
      <Table aria-label={title} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Needed</Table.Th>
            <Table.Th>Default</Table.Th>
            <Table.Th>About</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map(([field, kind]) => (
            <FieldRow key={`${kind}:${field.name}`} field={field} kind={kind} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** What the server asks for, by who fills it in: the team, each member, or nobody (fixed). */
export function ConfigFieldsSection({ schema }: { schema: ConfigSchema }) {
  const levels = LEVELS.map((l) => ({
    ...l,
    fields: KINDS.flatMap((kind) =>
      schema[l.level][kind].map((f): [ConfigField, Kind] => [f, kind]),
    ),
  })).filter((l) => l.fields.length > 0);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Configuration
        </Title>
        {levels.length === 0 ? (
          <EmptyState title="Nothing to configure">
            The server runs as it is: installing it needs no values.
          </EmptyState>
        ) : null}
        {levels.map((l) => (
          <Stack key={l.level} gap={4}>
            <Title order={3} size="h5">
              {l.title}
            </Title>
            <Text size="sm" c="dimmed">
              {l.about}
            </Text>
            <LevelTable title={l.title} fields={l.fields} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
