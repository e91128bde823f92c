import { ScrollTable } from '../../ui/ScrollTable';
import { Alert, Button, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { when } from '../../ui/format';
import { fetchRuns, keys, type SyncRun } from './api';
import { Pager } from '../../ui/Pager';
import { Counts, Failures, RunStatus } from './RunSummary';

const PAGE = 10;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function RunDetails({ run, onClose }: { run: SyncRun; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`Sync run of ${when(run.started_at)}`} size="lg">
      <Stack gap="sm">
        <RunStatus status={run.status} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Fact
            label="Started by"
            value={run.trigger === 'admin' ? 'An administrator' : 'Schedule'}
          />
          <Fact label="Finished" value={when(run.finished_at)} />
          <Fact
            label="Changes since"
            value={run.updated_since ? when(run.updated_since) : 'The beginning'}
          />
          <Fact label="Pages read" value={String(run.pages)} />
          <Fact
            label="Resumed an interrupted sync"
            value={run.resumed_from_cursor ? 'Yes' : 'No'}
          />
        </SimpleGrid>
        <Counts result={run} />
        {run.error ? (
          <Alert color="red" variant="light" title="The run stopped">
            {run.error}
          </Alert>
        ) : null}
        <Failures failures={run.failures} label="Entries not applied" />
      </Stack>
    </Modal>
  );
}

function RunRow({ run, onOpen }: { run: SyncRun; onOpen: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>{when(run.started_at)}</Table.Td>
      <Table.Td>{run.trigger === 'admin' ? 'Administrator' : 'Schedule'}</Table.Td>
      <Table.Td>
        <RunStatus status={run.status} />
      </Table.Td>
      <Table.Td>{run.pages}</Table.Td>
      <Table.Td>
        {run.created} / {run.updated} / {run.unchanged} / {run.failed}
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="default"
          onClick={onOpen}
          aria-label={`Details of the run of ${when(run.started_at)}`}
        >
          Details
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Every sync run, newest first, a page at a time; each one's details on demand. */
export function SyncHistory() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<SyncRun | null>(null);
  const runs = useQuery({
    queryKey: keys.runs(page),
    queryFn: () => fetchRuns(page, PAGE),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        History
      </Title>
      <ErrorNotice error={runs.error} title="Could not load the sync history" />
      {runs.isPending ? <Loading what="sync runs" /> : null}
      {runs.data?.pagination.total === 0 ? (
        <EmptyState title="No sync has run yet">
          Set the registry source, then choose Sync now.
        </EmptyState>
      ) : null}
      {runs.data?.runs.length ? (
        <>
          <ScrollTable minWidth={640} label="Sync runs">
            <Table aria-label="Sync runs" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Pages</Table.Th>
                  <Table.Th>Created / updated / unchanged / failed</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.data.runs.map((r) => (
                  <RunRow key={r.id} run={r} onOpen={() => setOpen(r)} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Pager
            label="Sync run pages"
            page={page}
            pageSize={PAGE}
            total={runs.data.pagination.total}
            noun={['run', 'runs']}
            onChange={setPage}
          />
        </>
      ) : null}
      {open ? <RunDetails run={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
