import { Button, Group, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session';
import { EmptyState, PageHeader } from '../../ui/feedback';
import { FiltersPanel } from './FiltersPanel';
import { filtersFrom, queryOf, type AuditFilters } from './filters';
import { LiveTail } from './LiveTail';
import { PagedEntries } from './PagedEntries';
import { exportUrl, streamUrl, type Scope } from './scope';
import { VerifyChain } from './VerifyChain';

/**
 * Whose log the page reads: global administrators read the whole service's, or, switched,
 * the current team's; everyone else reads their current team's.
 */
function useScope(): { scope: Scope | null; switcher: ReactNode } {
  const { isAdmin, team } = useSession();
  const [params, setParams] = useSearchParams();
  const teamView = params.get('scope') === 'team';
  const teamScope: Scope | null = team
    ? { kind: 'team', teamId: team.id, teamName: team.name }
    : null;
  if (!isAdmin) return { scope: teamScope, switcher: null };
  const switcher = team ? (
    <SegmentedControl
      aria-label="Whose entries"
      value={teamView ? 'team' : 'global'}
      onChange={(value) =>
        setParams((p) => {
          const next = new URLSearchParams(p);
          if (value === 'team') next.set('scope', 'team');
          else next.delete('scope');
          next.delete('page');
          return next;
        })
      }
      data={[
        { value: 'global', label: 'Whole service' },
        { value: 'team', label: `Team ${team.name}` },
      ]}
    />
  ) : null;
  return { scope: teamView && teamScope ? teamScope : { kind: 'global' }, switcher };
}

function ExportButton({ scope, filters }: { scope: Scope; filters: AuditFilters }) {
  return (
    <Stack gap={2}>
      <Button component="a" href={exportUrl(scope, filters)} download variant="default">
        Export (JSON Lines)
      </Button>
      <Text size="xs" c="dimmed">
        Every entry the filters match, not only this page.
      </Text>
    </Stack>
  );
}

export default function Audit() {
  const { isAdmin } = useSession();
  const { scope, switcher } = useScope();
  const [params, setParams] = useSearchParams();
  const [live, setLive] = useState(false);
  const filters = filtersFrom(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (next: AuditFilters, nextPage = 1) =>
    setParams((p) => {
      const out = new URLSearchParams(queryOf(next));
      const kept = p.get('scope');
      if (kept) out.set('scope', kept);
      if (nextPage > 1) out.set('page', String(nextPage));
      return out;
    });
  const header = (
    <PageHeader
      title="Audit log"
      description={
        scope?.kind === 'team'
          ? `Security-relevant changes in team ${scope.teamName}.`
          : 'Every security-relevant change to the service, in a tamper-evident chain.'
      }
      actions={switcher}
    />
  );
  if (!scope) {
    return (
      <>
        {header}
        <EmptyState title="No team selected">
          The audit log shows a team’s entries; join or create a team to see them.
        </EmptyState>
      </>
    );
  }
  const label = scope.kind === 'team' ? `team-${scope.teamId}` : 'global';
  return (
    <>
      {header}
      <FiltersPanel
        filters={filters}
        formKey={`${label}:${JSON.stringify(filters)}`}
        onApply={update}
      />
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} size="h4">
          Entries
        </Title>
        <Group align="flex-start">
          <Switch
            label="Live tail"
            checked={live}
            onChange={(e) => setLive(e.currentTarget.checked)}
          />
          <ExportButton scope={scope} filters={filters} />
        </Group>
      </Group>
      {live ? (
        <LiveTail
          key={streamUrl(scope, filters)}
          url={streamUrl(scope, filters)}
          onFilter={update}
        />
      ) : (
        <PagedEntries
          scope={scope}
          filters={filters}
          page={page}
          onPage={(n) => update(filters, n)}
          onFilter={update}
        />
      )}
      {isAdmin ? <VerifyChain /> : null}
    </>
  );
}
