import type { operations } from '../../api/schema';

type Ok<K extends keyof operations> = operations[K] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

export type Metric = Ok<'listSatelliteMetrics'>['metrics'][number];
export type HistoryEvent = Ok<'listSatelliteEventHistory'>['events'][number];
export type Activity = Ok<'listClientActivity'>['activity'][number];

/** Seconds as the largest two units a person reads (“2 h 5 min”). */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}
