import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '../../api/client';
import { fetchRun, fetchRuns, keys } from './api';

const POLL_MS = 400;

/**
 * "Sync now" and the run under way. The API answers the sync request only when the run ends, so
 * meanwhile the newest run is looked up, and once it says `running` it is followed by id until it
 * finishes. A run the schedule started shows the same way.
 */
export function useSync() {
  const queries = useQueryClient();
  const sync = useMutation({
    mutationFn: async () => (await unwrap(api.POST('/api/registry/sync'))).run,
    onSettled: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: keys.registry }),
        queries.invalidateQueries({ queryKey: keys.all }),
      ]),
  });
  const latest = useQuery({
    queryKey: keys.latestRun,
    queryFn: async () => (await fetchRuns(1, 1)).runs[0] ?? null,
    refetchInterval: (q) =>
      sync.isPending && q.state.data?.status !== 'running' ? POLL_MS : false,
  });
  const runningId = latest.data?.status === 'running' ? latest.data.id : null;
  const live = useQuery({
    queryKey: keys.run(runningId ?? ''),
    queryFn: () => fetchRun(runningId ?? ''),
    enabled: runningId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? POLL_MS : false),
  });
  const finished = live.data !== undefined && live.data.status !== 'running';
  useEffect(() => {
    // A run started: the history lists it (as running) from now on.
    if (runningId) void queries.invalidateQueries({ queryKey: ['registry', 'runs'] });
  }, [runningId, queries]);
  useEffect(() => {
    // A run that ended on its own (the schedule's): refresh the history and the catalogue.
    if (finished) {
      void queries.invalidateQueries({ queryKey: keys.registry });
      void queries.invalidateQueries({ queryKey: keys.all });
    }
  }, [finished, queries]);
  const running = runningId !== null && !finished ? (live.data ?? latest.data) : null;
  return { sync, running };
}
