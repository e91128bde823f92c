import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/** One satellite, read again every 15 s while its page is open. */
export function useSatellite(id: string) {
  return useQuery({
    queryKey: ['satellite', id],
    queryFn: () =>
      unwrap(api.GET('/api/satellites/{satelliteId}', { params: { path: { satelliteId: id } } })),
    refetchInterval: 15_000,
  });
}

export type SatelliteView = NonNullable<ReturnType<typeof useSatellite>['data']>['satellite'];
