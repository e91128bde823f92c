import { Button, Select, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTeamId } from '../../session';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { useInstallations, type Installation } from './data';

/**
 * Picks one of the current team's installations (kept in the address as `installation`, so the
 * tabs share it) and shows what `children` makes of it.
 */
export function WithInstallation({
  children,
}: {
  children: (installation: Installation) => ReactNode;
}) {
  const teamId = useTeamId();
  const [params, setParams] = useSearchParams();
  const list = useInstallations(teamId);
  if (list.isPending) return <Loading what="installations" />;
  if (list.error) return <ErrorNotice error={list.error} />;
  const { installations } = list.data;
  if (installations.length === 0)
    return (
      <EmptyState
        title="No servers installed in this team"
        action={
          <Button component={Link} to="/catalogue" variant="default">
            Open the catalogue
          </Button>
        }
      >
        Install a server from the catalogue; its requests, logs and usage show here.
      </EmptyState>
    );
  const chosen =
    installations.find((i) => i.id === params.get('installation')) ?? installations[0]!;
  const choose = (id: string | null) => {
    if (!id) return;
    setParams(
      (current) => {
        current.set('installation', id);
        return current;
      },
      { replace: true },
    );
  };
  return (
    <Stack>
      <Select
        label="Installation"
        allowDeselect={false}
        searchable
        maw={360}
        data={installations.map((i) => ({ value: i.id, label: i.name }))}
        value={chosen.id}
        onChange={choose}
      />
      {children(chosen)}
    </Stack>
  );
}
