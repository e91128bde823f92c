import { Badge, Button, Collapse, Group, Paper, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { FilterForm } from './FilterForm';
import { queryOf, type AuditFilters } from './filters';

/** The filters in a panel that starts open on wide screens and folded on a phone. */
export function FiltersPanel({
  filters,
  formKey,
  onApply,
}: {
  filters: AuditFilters;
  /** Changes when the applied filters change, so that the form starts from them. */
  formKey: string;
  onApply(filters: AuditFilters): void;
}) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [chosen, setOpen] = useState<boolean | null>(null);
  const open = chosen ?? wide;
  const active = Object.keys(queryOf(filters)).length;
  return (
    <Paper withBorder p="md" mb="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            Filters
          </Title>
          {active > 0 ? (
            <Badge variant="dot" color="blue">
              {active} applied
            </Badge>
          ) : null}
        </Group>
        <Button
          size="compact-sm"
          variant="subtle"
          aria-expanded={open}
          aria-controls="audit-filters"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide filters' : 'Show filters'}
        </Button>
      </Group>
      <Collapse expanded={open} id="audit-filters">
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>
          <FilterForm key={formKey} filters={filters} onApply={onApply} />
        </div>
      </Collapse>
    </Paper>
  );
}
