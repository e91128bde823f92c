const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `date.toISOString()`, or null for an invalid date (as JSON.stringify writes one), three times
 * quicker for the years 1000–9999 (V8's own takes about 0.6 µs). Event batches turn a few hundred
 * dates into text for every statement: given Dates, JSON.stringify calls each one's `toJSON`, and
 * the slow path it then takes for the whole array cost more than the rest of the encoding.
 */
export function isoTime(date: Date): string | null {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return null;
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return date.toISOString();
  return `${year}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T${two(
    date.getUTCHours(),
  )}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}.${three(
    date.getUTCMilliseconds(),
  )}Z`;
}
