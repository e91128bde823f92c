import { fullFormats } from 'ajv-formats/dist/formats.js';

// The `date-time` check of ajv-formats: the same one the HTTP validator applies to `since`.
const calendarDateTime = (fullFormats['date-time'] as { validate: (text: string) => boolean })
  .validate;

/**
 * An event's date-time: a real calendar date and time of day with a zone, as the `since`
 * parameters require, so `2026-02-30T00:00:00Z` or `…T24:00:00Z` is refused instead of being
 * stored as another date (JavaScript's Date rolls them over). It must also be a time JavaScript
 * can hold: a leap second (`23:59:60`) passes the calendar check but has no Date.
 */
export function isDateTime(text: string): boolean {
  return calendarDateTime(text) && Number.isFinite(Date.parse(text));
}
