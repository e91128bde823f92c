import { describe, expect, it } from 'vitest';
import { median, medianInterval } from '../../bench/lib.js';

/** Ratios spread around 0.96 the way a noisy machine spreads bench:audit's rounds. */
const rounds = (count: number) =>
  Array.from({ length: count }, (_, i) => 0.96 + 0.08 * Math.sin(i * 2.399963));

describe('the interval bench:audit gives for a median of rounds', () => {
  it('holds the median and narrows as rounds are added', () => {
    const few = rounds(12);
    const many = rounds(96);
    const [fewLow, fewHigh] = medianInterval(few);
    const [manyLow, manyHigh] = medianInterval(many);
    expect(fewLow).toBeLessThanOrEqual(median(few));
    expect(fewHigh).toBeGreaterThanOrEqual(median(few));
    expect(fewHigh - fewLow).toBeGreaterThan(0);
    expect(manyHigh - manyLow).toBeLessThan((fewHigh - fewLow) / 1.5);
  });

  it('gives the same interval for the same figures', () => {
    expect(medianInterval(rounds(12))).toEqual(medianInterval(rounds(12)));
  });

  it('is a single point when every round agrees', () => {
    expect(medianInterval([0.97, 0.97, 0.97])).toEqual([0.97, 0.97]);
  });
});
