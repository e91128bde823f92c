import { isIP } from 'node:net';
import {
  boundedGet,
  BoundedFetchError,
  isPrivateAddress,
  type BoundedFetchFailure,
} from '../../lib/bounded-fetch.js';

/** Limits of every outbound registry request (docs/catalogue.md, "Outbound requests"). */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Loopback, private, link-local and other reserved addresses are refused unless this is set. */
  allowPrivateAddresses: boolean;
}

export class FetchError extends Error {
  override name = 'FetchError';
}

/** True when the address is outside the public internet (src/lib/bounded-fetch.ts). */
export const isReservedAddress = isPrivateAddress;

/** Checks a URL an administrator gives before it is saved or fetched. */
export function checkRegistryUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('the registry URL is not a valid absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new FetchError('the registry URL must use http or https');
  if (url.username || url.password)
    throw new FetchError('the registry URL must not carry credentials');
  return url;
}

function wording(failure: BoundedFetchFailure): string {
  switch (failure.kind) {
    case 'private':
      return isIP(failure.host)
        ? `${failure.host} is a private or reserved address, which is not allowed`
        : `${failure.host} resolves to a private or reserved address, which is not allowed`;
    case 'status':
      return `the registry answered HTTP ${failure.status ?? '?'}`;
    case 'too-large':
      return `the page is larger than ${failure.maxBytes} bytes`;
    case 'timeout':
      return `the registry did not answer within ${failure.timeoutMs} ms`;
    case 'network':
      return `the registry could not be reached: ${failure.message}`;
  }
}

/**
 * GETs a JSON document with a deadline and a size cap, following no redirects, from public
 * addresses only unless allowed (src/lib/bounded-fetch.ts). Any failure (refused address,
 * timeout, status, size, not JSON) is a FetchError with words for the run log.
 */
export async function fetchJson(raw: string, limits: FetchLimits): Promise<unknown> {
  const url = checkRegistryUrl(raw);
  let text: string;
  try {
    text = await boundedGet(url, { ...limits, userAgent: 'groundstation-registry-sync' });
  } catch (error) {
    throw error instanceof BoundedFetchError ? new FetchError(wording(error.failure)) : error;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new FetchError('the registry answered something that is not JSON');
  }
}
