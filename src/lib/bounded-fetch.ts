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

type Subnet = readonly [network: string, prefix: number];

function blockList(type: 'ipv4' | 'ipv6', subnets: readonly Subnet[]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, type);
  return list;
}

/** IPv4 ranges that are not the public internet (IANA special-purpose registry, abridged). */
const PRIVATE_V4 = blockList('ipv4', [
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
]);

/**
 * IPv6 prefixes whose last 32 bits are the IPv4 address a packet ends up at: IPv4-mapped
 * (the socket speaks IPv4 to it) and the NAT64 well-known prefix (a translator on the path
 * forwards to it). They are judged by that IPv4 address.
 */
const EMBEDS_LAST_32_BITS = blockList('ipv6', [
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
]);

/** 6to4 (RFC 3056): bits 16 to 47 are the IPv4 address of the relay's far end. */
const SIX_TO_FOUR = blockList('ipv6', [['2002::', 16]]);

/** IPv6 ranges that are not the public internet, checked after the embedding prefixes above. */
const PRIVATE_V6 = blockList('ipv6', [
  // Reserved by the IETF: unspecified, loopback, IPv4-compatible (::/96, which Linux routes to
  // the embedded IPv4 address), IPv4-translated (::ffff:0:0:0/96). The mapped /96 inside it is
  // judged above; nothing else in it is a public destination.
  ['::', 8],
  // Local-use NAT64 (RFC 8215): the embedding is the operator's, so it cannot be judged.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // IETF protocol assignments, Teredo (2001::/32, an embedded IPv4 address too) among them.
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
]);

/**
 * The eight 16-bit groups of a valid IPv6 address in any spelling: compressed or not, upper or
 * lower case, with a dotted IPv4 tail or a zone index.
 */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail = ''] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const gap = text.includes('::') ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(gap).fill('0'), ...right].map((g) => parseInt(g, 16));
}

const ipv4Of = (high: number, low: number) =>
  `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * True for loopback, private, link-local and other non-public addresses, in every spelling.
 * An IPv6 address that carries an IPv4 destination (mapped, NAT64, 6to4) is judged by that
 * IPv4 address, since that is where the connection goes.
 */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return PRIVATE_V4.check(address, 'ipv4');
  if (version !== 6) return true;
  const groups = ipv6Groups(address);
  // One spelling for every check below: eight groups, no zone, no dotted tail.
  const full = groups.map((g) => g.toString(16)).join(':');
  if (EMBEDS_LAST_32_BITS.check(full, 'ipv6'))
    return PRIVATE_V4.check(ipv4Of(groups[6]!, groups[7]!), 'ipv4');
  if (SIX_TO_FOUR.check(full, 'ipv6'))
    return PRIVATE_V4.check(ipv4Of(groups[1]!, groups[2]!), 'ipv4');
  return PRIVATE_V6.check(full, 'ipv6');
}

/** Why a bounded fetch failed; callers word it for their own readers. */
export type BoundedFetchFailure =
  | { kind: 'private'; host: string }
  | { kind: 'status'; status: number | undefined }
  | { kind: 'too-large'; maxBytes: number }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'network'; message: string };

/**
 * A failure in words for an error message. `setting` names what allows private addresses, so
 * that the reader knows what to change; callers without one leave it out.
 */
export function describeFailure(failure: BoundedFetchFailure, setting?: string): string {
  const hint = setting ? ` (${setting})` : '';
  switch (failure.kind) {
    case 'private':
      return isIP(failure.host)
        ? `a private address${hint}`
        : `${failure.host} resolves to a private address${hint}`;
    case 'status':
      return `answered ${failure.status}`;
    case 'too-large':
      return `larger than ${failure.maxBytes} bytes`;
    case 'timeout':
      return `no answer within ${failure.timeoutMs} ms`;
    case 'network':
      return failure.message;
  }
}

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

/** One request made under the rules above. */
export interface BoundedRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** False: resolve as soon as the status and headers arrive, and drop the body unread. */
  readBody?: boolean;
}

/** What came back: any status (the caller judges it), the headers, and the body as text. */
export interface BoundedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends one request (http or https) under the rules above and resolves to whatever status
 * came back; redirects are answers like any other, never followed.
 */
export function boundedRequest(
  url: URL,
  request: BoundedRequest,
  options: BoundedFetchOptions,
): Promise<BoundedResponse> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Node connects to an IP literal as written, without calling `lookup`: the literal is the
  // address connected to, so it is judged here; a name is judged on what it resolves to.
  if (isIP(host) && !options.allowPrivateAddresses && isPrivateAddress(host))
    return Promise.reject(new BoundedFetchError({ kind: 'private', host }));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    // The first outcome wins; the request is then torn down without raising anything more.
    const finish = (error: BoundedFetchError | null, response?: BoundedResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) {
        outgoing.destroy();
        reject(error);
      } else {
        if (request.readBody === false) outgoing.destroy();
        resolve(response!);
      }
    };
    const outgoing = client.request(
      url,
      {
        method: request.method ?? 'GET',
        lookup: guardedLookup(options.allowPrivateAddresses),
        headers: {
          accept: 'application/json',
          ...request.headers,
          'user-agent': options.userAgent,
        },
        ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
        agent: false,
      },
      (response) => {
        const answer = { status: response.statusCode ?? 0, headers: response.headers, body: '' };
        if (request.readBody === false) return finish(null, answer);
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
        response.on('end', () =>
          finish(null, { ...answer, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) =>
          finish(new BoundedFetchError({ kind: 'network', message: error.message })),
        );
      },
    );
    outgoing.on('error', (error) =>
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
    outgoing.end(request.body);
  });
}

/** GETs `url` (http or https) under the rules above; resolves to the body of a 200 as text. */
export async function boundedGet(url: URL, options: BoundedFetchOptions): Promise<string> {
  const response = await boundedRequest(url, {}, options);
  if (response.status !== 200)
    throw new BoundedFetchError({ kind: 'status', status: response.status });
  return response.body;
}
