import { describe, expect, it } from 'vitest';
import { median, medianInterval, ratioOfSums } from '../../bench/lib.js';

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

describe('the ratio of sums bench:audit gives for pairs of units', () => {
  /** Pairs whose `a` is 3 % over `b`, each pair's level and noise different. */
  const pairs = (count: number) =>
    Array.from({ length: count }, (_, i) => {
      const level = 20 + 10 * Math.sin(i * 0.7);
      return {
        a: level * 1.03 * (1 + 0.2 * Math.sin(i * 2.4)),
        b: level * (1 + 0.2 * Math.cos(i * 1.3)),
      };
    });

  it('is the ratio of the sums, which a rare large unit moves as much as it weighs', () => {
    expect(
      ratioOfSums([
        { a: 1, b: 2 },
        { a: 9, b: 3 },
      ]).ratio,
    ).toBe(2);
  });

  it('holds the ratio and narrows as pairs are added', () => {
    const few = ratioOfSums(pairs(40));
    const many = ratioOfSums(pairs(640));
    for (const { ratio, interval } of [few, many]) {
      expect(interval[0]).toBeLessThanOrEqual(ratio);
      expect(interval[1]).toBeGreaterThanOrEqual(ratio);
    }
    expect(many.ratio).toBeCloseTo(1.03, 1);
    expect(many.interval[1] - many.interval[0]).toBeLessThan(
      (few.interval[1] - few.interval[0]) / 2,
    );
  });

  it('gives the same interval for the same figures', () => {
    expect(ratioOfSums(pairs(40))).toEqual(ratioOfSums(pairs(40)));
  });
});
