import { describe, expect, it } from 'vitest';
import { addressKey } from '../../../src/modules/rate-limits/address.js';
import { createTokenBuckets } from '../../../src/modules/rate-limits/token-buckets.js';
import { manualClock } from '../../helpers/clock.js';

describe('token buckets', () => {
  it('lets a full bucket burst, then one request per refilled token', () => {
    const clock = manualClock();
    const buckets = createTokenBuckets({ perSecond: 4, burst: 8 }, clock);
    for (let i = 0; i < 8; i++) expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(1);
    clock.advance(0.25);
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(1);
    expect(buckets.take('b')).toBe(0);
  });

  it('says how many whole seconds until a token is back at slow rates', () => {
    const clock = manualClock();
    const buckets = createTokenBuckets({ perSecond: 0.1, burst: 1 }, clock);
    expect(buckets.take('slow')).toBe(0);
    expect(buckets.take('slow')).toBe(10);
    clock.advance(4);
    expect(buckets.take('slow')).toBe(6);
  });

  it('never refills beyond the burst, and a clock that steps back takes nothing away', () => {
    const clock = manualClock();
    const buckets = createTokenBuckets({ perSecond: 1, burst: 2 }, clock);
    clock.advance(3600);
    expect(buckets.take('k')).toBe(0);
    expect(buckets.take('k')).toBe(0);
    expect(buckets.take('k')).toBe(1);
    clock.advance(-10);
    expect(buckets.take('k')).toBe(1);
  });

  it('stays within its key budget under a flood of new addresses', () => {
    const clock = manualClock();
    const buckets = createTokenBuckets({ perSecond: 1, burst: 2 }, clock, 1000);
    for (let i = 0; i < 5000; i++) buckets.take(`10.0.${i >> 8}.${i & 255}`);
    expect(buckets.size).toBeLessThanOrEqual(1000);
    // Idle buckets are full again and dropped first.
    clock.advance(10);
    buckets.take('late');
    expect(buckets.size).toBeLessThan(1000);
  });
});

describe('address keys', () => {
  it('counts IPv4 addresses one by one and IPv6 per /64', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:0db8:00aa:00bb::9')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
