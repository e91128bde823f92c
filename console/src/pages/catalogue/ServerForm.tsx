import {
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { fetchCategories, isTransport, keys, TRANSPORT_LABEL, TRANSPORTS } from './api';
import { ConfigFieldsEditor } from './ConfigFieldsEditor';
import type { ServerFormState } from './serverForm';

type Set = (changes: Partial<ServerFormState>) => void;

function HowItRuns({ form, set }: { form: ServerFormState; set: Set }) {
  if (form.transport !== 'stdio') {
    return (
      <TextInput
        label="URL"
        description="Where the server answers MCP requests (https://…)"
        required
        type="url"
        value={form.url}
        onChange={(e) => set({ url: e.currentTarget.value })}
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Command"
        description="e.g. npx, uvx, docker (a command or a package is needed)"
        value={form.command}
        onChange={(e) => set({ command: e.currentTarget.value })}
      />
      <TextInput
        label="Package"
        description="e.g. @modelcontextprotocol/server-memory@2025.8.4"
        value={form.package}
        onChange={(e) => set({ package: e.currentTarget.value })}
      />
      <TextInput
        label="Runtime"
        description="e.g. node, python, docker"
        value={form.runtime}
        onChange={(e) => set({ runtime: e.currentTarget.value })}
      />
      <Textarea
        label="Arguments"
        description="One per line, in order"
        autosize
        minRows={2}
        value={form.args}
        onChange={(e) => set({ args: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}

function Describe({ form, set }: { form: ServerFormState; set: Set }) {
  const categories = useQuery({ queryKey: keys.categories, queryFn: fetchCategories });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Name"
          required
          value={form.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <TextInput
          label="Slug"
          description="Lower-case letters, digits and dashes; made from the name when left empty"
          value={form.slug}
          onChange={(e) => set({ slug: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={form.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Category"
          placeholder="No category"
          clearable
          data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={form.categoryId}
          onChange={(categoryId) => set({ categoryId })}
        />
        <TagsInput
          label="Tags"
          description="Press Enter after each tag"
          value={form.tags}
          onChange={(tags) => set({ tags })}
        />
        <TextInput
          label="Repository URL"
          type="url"
          value={form.repositoryUrl}
          onChange={(e) => set({ repositoryUrl: e.currentTarget.value })}
        />
        <TextInput
          label="Website"
          type="url"
          value={form.homepage}
          onChange={(e) => set({ homepage: e.currentTarget.value })}
        />
        <TextInput
          label="Language"
          description="e.g. TypeScript, Python"
          value={form.language}
          onChange={(e) => set({ language: e.currentTarget.value })}
        />
      </SimpleGrid>
    </>
  );
}

/** The catalogue server's form, for adding one by hand and for changing one. */
export function ServerForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  hasRegistryDetails = false,
}: {
  initial: ServerFormState;
  submitLabel: string;
  pending: boolean;
  error: ReactNode;
  onSubmit: (form: ServerFormState) => void;
  onCancel: () => void;
  hasRegistryDetails?: boolean;
}) {
  const [form, setForm] = useState(initial);
  const set: Set = (changes) => setForm((f) => ({ ...f, ...changes }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(form);
  };
  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      <Stack>
        <Describe form={form} set={set} />
        <Select
          label="Transport"
          allowDeselect={false}
          data={TRANSPORTS.map((t) => ({ value: t, label: TRANSPORT_LABEL[t] }))}
          value={form.transport}
          onChange={(v) => isTransport(v) && set({ transport: v })}
        />
        <HowItRuns form={form} set={set} />
        <Group>
          <Switch
            label="Featured"
            checked={form.featured}
            onChange={(e) => set({ featured: e.currentTarget.checked })}
          />
          <Switch
            label="Deprecated"
            checked={form.deprecated}
            onChange={(e) => set({ deprecated: e.currentTarget.checked })}
          />
        </Group>
        <ConfigFieldsEditor
          rows={form.fields}
          onChange={(fields) => set({ fields })}
          hasRegistryDetails={hasRegistryDetails}
        />
        {error}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
