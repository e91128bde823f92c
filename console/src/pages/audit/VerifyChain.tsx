import { Alert, Button, Code, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { readableTitle } from '../../ui/readable';

const REASONS = {
  modified: 'the entry was changed after it was written',
  relinked: 'the entry no longer links to the one before it',
  missing: 'the entry is missing',
  head_mismatch: 'the chain’s recorded head does not match its last entry',
} as const;

type Report = Awaited<ReturnType<typeof verify>>;
const verify = () => unwrap(api.GET('/api/audit/verify'));

function Result({ report }: { report: Report }) {
  const range = `entries ${report.head.start_seq} to ${report.head.head_seq}`;
  if (report.valid || !report.broken) {
    return (
      <Alert
        color="green"
        variant="light"
        title="The chain is intact"
        role="status"
        styles={readableTitle}
      >
        {report.checked} entries checked ({range}); none was changed, removed or reordered. Head
        hash: <Code style={{ wordBreak: 'break-all' }}>{report.head.head_hash}</Code>
      </Alert>
    );
  }
  const { seq, entry_id: entryId, reason } = report.broken;
  return (
    <Alert
      color="red"
      variant="light"
      title={`The chain is broken at entry ${seq}`}
      role="alert"
      styles={readableTitle}
    >
      At entry {seq}
      {entryId ? ` (${entryId})` : ''} {REASONS[reason]} ({reason}). {report.checked} entries
      checked ({range}).
    </Alert>
  );
}

/** Recomputes the hash chain on the server and reports the first broken link, if any. */
export function VerifyChain() {
  const check = useMutation({ mutationFn: verify });
  return (
    <Stack gap="sm" mt="xl">
      <Title order={2} size="h4">
        Chain integrity
      </Title>
      <Text size="sm" c="dimmed">
        Each entry carries the hash of the one before it, so a changed, removed or reordered entry
        breaks the chain.
      </Text>
      <div>
        <Button variant="default" loading={check.isPending} onClick={() => check.mutate()}>
          Verify the chain
        </Button>
      </div>
      <ErrorNotice error={check.error} title="Could not verify the chain" />
      {check.data ? <Result report={check.data} /> : null}
    </Stack>
  );
}
