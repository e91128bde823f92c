/** An expected refusal (wrong team, missing record): reported in `failures`, never a 5xx. */
export class EventError extends Error {
  override name = 'EventError';
}
