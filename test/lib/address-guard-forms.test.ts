/**
 * The outbound address guard (src/lib/bounded-fetch.ts) must judge an IPv6 address that carries
 * an IPv4 destination by that destination, in every way the address can be written: a URL's
 * literal, or an address a host name resolves to, reaches the same function.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoundedFetchError, boundedGet, isPrivateAddress } from '../../src/lib/bounded-fetch.js';

describe('isPrivateAddress in every spelling', () => {
  it.each([
    // IPv4-compatible (::/96): Linux sends these to the embedded IPv4 address.
    ['::7f00:1', true],
    ['::127.0.0.1', true],
    ['0:0:0:0:0:0:7f00:1', true],
    ['::a00:1', true],
    ['::a9fe:a9fe', true],
    ['::8.8.8.8', true],
    ['::2', true],
    // IPv4-mapped (::ffff:0:0/96), judged by the IPv4 address.
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['0:0:0:0:0:ffff:7f00:1', true],
    ['0:0:0:0:0:ffff:127.0.0.1', true],
    ['0000:0000:0000:0000:0000:FFFF:7F00:0001', true],
    ['0::ffff:7f00:1', true],
    ['::ffff:169.254.169.254', true],
    ['::ffff:a9fe:a9fe', true],
    ['::ffff:c0a8:101', true],
    ['::ffff:0:0', true],
    ['::ffff:8.8.8.8', false],
    ['::ffff:808:808', false],
    // IPv4-translated (::ffff:0:0:0/96) and the rest of the IETF-reserved ::/8.
    ['::ffff:0:7f00:1', true],
    ['::ffff:0:808:808', true],
    ['::1:0:0:1', true],
    // 6to4 (2002::/16), judged by the IPv4 address in bits 16 to 47.
    ['2002:7f00:1::', true],
    ['2002:7f00:0001:0:0:0:0:1', true],
    ['2002:a00:1::1', true],
    ['2002:c0a8:101::', true],
    ['2002:a9fe:a9fe::1', true],
    ['2002::', true],
    ['2002:808:808::1', false],
    // NAT64 well-known prefix (64:ff9b::/96), judged by the last 32 bits; local-use NAT64 refused.
    ['64:ff9b::7f00:1', true],
    ['64:ff9b::127.0.0.1', true],
    ['64:ff9b::a00:1', true],
    ['64:ff9b::808:808', false],
    ['64:ff9b::8.8.8.8', false],
    ['64:ff9b:1::808:808', true],
    // Zone indexes and the plain ranges.
    ['fe80::1%eth0', true],
    ['::1', true],
    ['::', true],
    ['3fff::1', true],
    ['fd00::1', true],
    ['2606:4700::1111', false],
    ['127.0.0.1', true],
    ['93.184.216.34', false],
    ['not an address', true],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('URL literals that embed a loopback IPv4 address', () => {
  let server: net.Server;
  let port: number;
  let connections = 0;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // Dual stack: reachable as ::1 and, through IPv4-mapped addresses, as 127.0.0.1.
    server = net.createServer((socket) => {
      connections++;
      sockets.add(socket);
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '::', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (host: string, allowPrivateAddresses: boolean) =>
    boundedGet(new URL(`http://[${host}]:${port}/doc.json`), {
      allowPrivateAddresses,
      timeoutMs: 2000,
      maxBytes: 1000,
      userAgent: 'test',
    });

  it('reaches the server through a mapped literal when private addresses are allowed', async () => {
    await expect(get('::ffff:127.0.0.1', true)).resolves.toBe('{}');
  });

  it.each([
    '::7f00:1',
    '::127.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '::ffff:0:7f00:1',
    '2002:7f00:1::',
    '64:ff9b::7f00:1',
    '::1',
  ])('refuses [%s] as private, without connecting', async (host) => {
    const before = connections;
    const error: unknown = await get(host, false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BoundedFetchError);
    expect(error).toMatchObject({ failure: { kind: 'private' } });
    expect(connections).toBe(before);
  });
});
