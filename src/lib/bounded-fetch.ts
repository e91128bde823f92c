/**
 * GETs that the service makes on someone else's word (a registry URL an administrator typed, a
 * client ID metadata document an OAuth client names). Such a URL must not reach the service's own
 * network: every address a host name resolves to is checked, and the connection goes to the
 * address that was checked (no second lookup an attacker's DNS could answer differently). No
 * redirects are followed, the body is capped and the whole exchange has one deadline, so a server
 * that trickles is cut off too.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';

/** Ranges that are not the public internet (IANA special-purpose registries, abridged). */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** True for loopback, private, link-local and other non-public addresses (IPv4-mapped too). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return true;
  if (version === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
    return PRIVATE.check(address, 'ipv6');
  }
  return PRIVATE.check(address, 'ipv4');
}

/** Why a bounded fetch failed; callers word it for their own readers. */
export type BoundedFetchFailure =
  | { kind: 'private'; host: string }
  | { kind: 'status'; status: number | undefined }
  | { kind: 'too-large'; maxBytes: number }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'network'; message: string };

export class BoundedFetchError extends Error {
  override name = 'BoundedFetchError';
  constructor(readonly failure: BoundedFetchFailure) {
    super(failure.kind);
  }
}

export interface BoundedFetchOptions {
  allowPrivateAddresses: boolean;
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  /** Extra trusted certificate authorities (PEM), beside the system's. */
  ca?: string | undefined;
}

/** A lookup that refuses host names resolving to any non-public address. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const list = addresses ?? [];
      if (list.length === 0)
        return callback(new BoundedFetchError({ kind: 'network', message: 'no address' }), '', 0);
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address)))
        return callback(new BoundedFetchError({ kind: 'private', host: hostname }), '', 0);
      if (options.all) return callback(null, list as never, 0);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** GETs `url` (http or https) under the rules above; resolves to the body as text. */
export function boundedGet(url: URL, options: BoundedFetchOptions): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !options.allowPrivateAddresses && isPrivateAddress(host))
    return Promise.reject(new BoundedFetchError({ kind: 'private', host }));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    // The first outcome wins; the request is then torn down without raising anything more.
    const finish = (error: BoundedFetchError | null, body?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(body!);
    };
    const request = client.get(
      url,
      {
        lookup: guardedLookup(options.allowPrivateAddresses),
        headers: { accept: 'application/json', 'user-agent': options.userAgent },
        ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return finish(new BoundedFetchError({ kind: 'status', status: response.statusCode }));
        }
        const tooLarge = () =>
          new BoundedFetchError({ kind: 'too-large', maxBytes: options.maxBytes });
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) return finish(tooLarge());
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) return finish(tooLarge());
          chunks.push(chunk);
        });
        response.on('end', () => finish(null, Buffer.concat(chunks).toString('utf8')));
        response.on('error', (error) =>
          finish(new BoundedFetchError({ kind: 'network', message: error.message })),
        );
      },
    );
    request.on('error', (error) =>
      finish(
        error instanceof BoundedFetchError
          ? error
          : new BoundedFetchError({ kind: 'network', message: error.message }),
      ),
    );
    const deadline = setTimeout(
      () => finish(new BoundedFetchError({ kind: 'timeout', timeoutMs: options.timeoutMs })),
      options.timeoutMs,
    );
  });
}
