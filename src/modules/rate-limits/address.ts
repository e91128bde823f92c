import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under. An IPv6 client usually holds a whole /64 and can
 * pick a new address in it for every request, so IPv6 addresses are counted per /64; IPv4 (and
 * IPv4-mapped IPv6) addresses are counted one by one.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:… aside) sits in the last groups, never in the /64 prefix.
  const groups = [
    ...left,
    ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
    ...right,
  ];
  const prefix = groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':');
  return `${prefix}::/64`;
}
