import { describe, expect, it } from 'vitest';
import { isoTime } from '../../src/lib/iso-time.js';

describe('isoTime', () => {
  it('writes what toISOString writes, for every part of a date', () => {
    const dates = [
      new Date('2026-01-01T00:00:00.000Z'),
      new Date('2026-12-31T23:59:59.999Z'),
      new Date('1999-02-28T09:05:07.040Z'),
      new Date('2024-02-29T12:34:56.007Z'),
      new Date('1000-01-01T00:00:00.000Z'),
      new Date('9999-12-31T23:59:59.999Z'),
    ];
    for (let i = 0; i < 2000; i++) dates.push(new Date(Date.UTC(2026, 0, 1) + i * 7_919_993_117));
    for (const date of dates) expect(isoTime(date)).toBe(date.toISOString());
  });

  it('leaves years outside 1000–9999 to toISOString, and answers null for an invalid date', () => {
    for (const text of ['0999-12-31T23:59:59.999Z', '+010000-01-01T00:00:00.000Z'])
      expect(isoTime(new Date(text))).toBe(new Date(text).toISOString());
    expect(isoTime(new Date('not a date'))).toBeNull();
    expect(JSON.parse(JSON.stringify({ at: new Date('not a date') }))).toEqual({ at: null });
  });
});
