/**
 * Outbound requests the authorization server makes on a client's word (client ID metadata
 * documents): https only, under the rules of src/lib/bounded-fetch.ts (public addresses only,
 * no redirects, a size cap and one deadline).
 */
import { boundedGet, BoundedFetchError, describeFailure } from '../../lib/bounded-fetch.js';

export { isPrivateAddress } from '../../lib/bounded-fetch.js';

export class OutboundError extends Error {
  override name = 'OutboundError';
}

export interface OutboundOptions {
  allowPrivateAddresses: boolean;
  timeoutMs: number;
  maxBytes: number;
  /** Extra trusted certificate authorities (PEM), beside the system's. */
  ca?: string | undefined;
}

/** GETs a JSON document over https under the rules above; resolves to the raw body text. */
export async function fetchJsonDocument(url: URL, options: OutboundOptions): Promise<string> {
  if (url.protocol !== 'https:') throw new OutboundError('not an https URL');
  try {
    return await boundedGet(url, { ...options, userAgent: 'Groundstation OAuth' });
  } catch (error) {
    throw error instanceof BoundedFetchError
      ? new OutboundError(describeFailure(error.failure))
      : error;
  }
}
