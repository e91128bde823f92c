/**
 * Client ID metadata documents: a client whose client_id is an https URL publishes its metadata
 * (name, redirect URIs) at that URL, and the authorization server reads it there instead of
 * keeping a registration. Documents are fetched under outbound.ts's rules and kept for a while.
 */
import { redirectUriAllowed, type OAuthSettings } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { fetchJsonDocument, type OutboundOptions } from './outbound.js';

export interface ClientMetadata {
  name: string;
  redirectUris: string[];
}

export class ClientMetadataError extends Error {
  override name = 'ClientMetadataError';
}

const MAX_REDIRECT_URIS = 20;
const MAX_CACHED = 1000;
/**
 * Fetches in flight at once, per replica. Anyone can start an authorization request, so this
 * bounds the outbound work strangers can cause; the same URL asked for twice shares one fetch.
 */
const MAX_IN_FLIGHT = 16;

/**
 * Whether a client_id names a metadata document: an https URL with a path, no fragment, no
 * credentials, no dot segments (a client_id that is a URL must be one the document repeats
 * exactly, so anything that normalises to another string is refused).
 */
export function isMetadataDocumentId(id: string): boolean {
  if (!id.startsWith('https://')) return false;
  let url: URL;
  try {
    url = new URL(id);
  } catch {
    return false;
  }
  return (
    url.href === id &&
    url.pathname !== '/' &&
    !url.hash &&
    !url.username &&
    !url.password &&
    !/\/\.\.?(\/|$)/.test(url.pathname)
  );
}

/** Checks a fetched document against the rules for public clients; returns what is used. */
export function readClientMetadata(id: string, body: string): ClientMetadata {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    throw new ClientMetadataError('the document is not JSON');
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new ClientMetadataError('the document is not a JSON object');
  const fields = doc as Record<string, unknown>;
  if (fields.client_id !== id)
    throw new ClientMetadataError('the document’s client_id is not the URL it was fetched from');
  const method = fields.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none')
    throw new ClientMetadataError(
      'only public clients (token_endpoint_auth_method none) are supported',
    );
  if ('client_secret' in fields)
    throw new ClientMetadataError('a metadata document must not contain a client_secret');
  const uris = fields.redirect_uris;
  if (
    !Array.isArray(uris) ||
    uris.length === 0 ||
    uris.length > MAX_REDIRECT_URIS ||
    !uris.every(redirectUriAllowed)
  ) {
    throw new ClientMetadataError(
      `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} https URLs or http URLs on a loopback host`,
    );
  }
  const rawName = fields.client_name;
  if (rawName !== undefined && (typeof rawName !== 'string' || rawName.length > 200))
    throw new ClientMetadataError('client_name must be text of at most 200 characters');
  const name = typeof rawName === 'string' && rawName.trim() ? rawName.trim() : new URL(id).host;
  return { name, redirectUris: uris as string[] };
}

export type DocumentFetcher = (url: URL, options: OutboundOptions) => Promise<string>;

export function createClientMetadataDocuments(deps: {
  settings: OAuthSettings['clientMetadata'];
  ca: string | undefined;
  clock: Clock;
  fetch?: DocumentFetcher;
}) {
  const fetchDocument = deps.fetch ?? fetchJsonDocument;
  const cache = new Map<string, { metadata: ClientMetadata; until: number }>();
  const inFlight = new Map<string, Promise<string>>();

  function fetchOnce(id: string): Promise<string> {
    const pending = inFlight.get(id);
    if (pending) return pending;
    if (inFlight.size >= MAX_IN_FLIGHT)
      return Promise.reject(new Error('too many documents are being fetched; try again'));
    const started = fetchDocument(new URL(id), options).finally(() => inFlight.delete(id));
    inFlight.set(id, started);
    return started;
  }

  const options: OutboundOptions = {
    allowPrivateAddresses: deps.settings.allowPrivateAddresses,
    timeoutMs: deps.settings.timeoutMs,
    maxBytes: deps.settings.maxBytes,
    ca: deps.ca,
  };

  return {
    /** The client's metadata; failures are not cached, so a fixed document works on the next try. */
    async load(id: string): Promise<ClientMetadata> {
      const now = deps.clock().getTime();
      const hit = cache.get(id);
      if (hit && hit.until > now) return hit.metadata;
      let body: string;
      try {
        body = await fetchOnce(id);
      } catch (error) {
        throw new ClientMetadataError(
          `the client metadata document could not be fetched: ${(error as Error).message}`,
        );
      }
      const metadata = readClientMetadata(id, body);
      if (deps.settings.cacheSeconds > 0) {
        if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
        cache.set(id, { metadata, until: now + deps.settings.cacheSeconds * 1000 });
      }
      return metadata;
    },
    forget: (id: string) => cache.delete(id),
  };
}

export type ClientMetadataDocuments = ReturnType<typeof createClientMetadataDocuments>;
