/**
 * Client ID metadata documents: a client whose client_id is an https URL publishes its metadata
 * (name, redirect URIs) at that URL, and the authorization server reads it there instead of
 * keeping a registration. Documents are fetched under outbound.ts's rules and kept for a while.
 */
import type { FastifyRequest } from 'fastify';
import { redirectUriAllowed, type OAuthSettings } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { addressKey } from '../rate-limits/address.js';
import { createTokenBuckets } from '../rate-limits/token-buckets.js';
import { OAuthRateLimitedError } from './errors.js';
import { fetchJsonDocument, type OutboundOptions } from './outbound.js';
import { hasControlCharacter } from './redirect-uris.js';

export interface ClientMetadata {
  name: string;
  redirectUris: string[];
}

export class ClientMetadataError extends Error {
  override name = 'ClientMetadataError';
}

const MAX_REDIRECT_URIS = 20;
const MAX_CACHED = 1000;

/*
 * Anyone can start an authorization request, and an uncached metadata-document client_id makes
 * this replica fetch a URL the caller chose. These bound what strangers can make it do, per
 * replica. The same URL asked for twice shares one fetch, which counts once.
 */
/** Fetches in flight at once. */
const MAX_IN_FLIGHT = 16;
/**
 * Fetches in flight at once to one host name, and for one client address (an IPv6 /64): a
 * host that never answers, or one caller, holds at most a quarter of the slots for the
 * deadline, so other clients' documents still load.
 */
const MAX_IN_FLIGHT_PER_HOST = 4;
const MAX_IN_FLIGHT_PER_ADDRESS = 4;
/** Fetches one client address may start: 20 at once, then one every 6 s (10 a minute). */
const PER_ADDRESS = { burst: 20, perSecond: 1 / 6 };
/**
 * Fetches to one host name: 30 at once, then one every 2 s. Above the per-address rate, so one
 * caller alone cannot use up a host's allowance for everybody; low enough that the service is
 * no tool for flooding a host or walking its ports.
 */
const PER_HOST = { burst: 30, perSecond: 1 / 2 };
/** Addresses and hosts remembered by the limits above (memory stays bounded). */
const MAX_COUNTED_KEYS = 10_000;

/**
 * What a caller is told when a fetch fails. The reason (refused address, errno, status,
 * timeout) goes to the log only: told to strangers, it would map hosts and ports for them.
 */
const FETCH_FAILED = 'the client metadata document could not be fetched';

/** The authorization request a document is loaded for: its client address and its logger. */
export type DocumentCaller = Pick<FastifyRequest, 'ip' | 'log'>;

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
    !uris.every(redirectUriAllowed) ||
    // Compared exactly as the document has them, so refused rather than normalised.
    uris.some(hasControlCharacter)
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

/** Counts of fetches in flight, in total and per key (host or address). */
function createSlots() {
  const held = new Map<string, number>();
  let total = 0;
  return {
    get total() {
      return total;
    },
    count: (key: string) => held.get(key) ?? 0,
    take(keys: readonly string[]) {
      total++;
      for (const key of keys) held.set(key, (held.get(key) ?? 0) + 1);
    },
    give(keys: readonly string[]) {
      total--;
      for (const key of keys) {
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      }
    },
  };
}

export function createClientMetadataDocuments(deps: {
  settings: OAuthSettings['clientMetadata'];
  ca: string | undefined;
  clock: Clock;
  fetch?: DocumentFetcher;
}) {
  const fetchDocument = deps.fetch ?? fetchJsonDocument;
  const cache = new Map<string, { metadata: ClientMetadata; until: number }>();
  const inFlight = new Map<string, Promise<string>>();
  const slots = createSlots();
  const byAddress = createTokenBuckets(PER_ADDRESS, deps.clock, MAX_COUNTED_KEYS);
  const byHost = createTokenBuckets(PER_HOST, deps.clock, MAX_COUNTED_KEYS);
  const options: OutboundOptions = {
    allowPrivateAddresses: deps.settings.allowPrivateAddresses,
    timeoutMs: deps.settings.timeoutMs,
    maxBytes: deps.settings.maxBytes,
    ca: deps.ca,
  };

  /**
   * Starts a fetch of `id` unless a limit refuses it. Slots are checked before the rates, so a
   * caller turned away because the service is busy keeps its allowance for the retry.
   */
  function fetchOnce(id: string, caller: DocumentCaller | null): Promise<string> {
    const pending = inFlight.get(id);
    if (pending) return pending;
    const url = new URL(id);
    const host = `host:${url.hostname}`;
    const address = caller ? `address:${addressKey(caller.ip)}` : null;
    const keys = address ? [host, address] : [host];
    if (
      slots.total >= MAX_IN_FLIGHT ||
      slots.count(host) >= MAX_IN_FLIGHT_PER_HOST ||
      (address && slots.count(address) >= MAX_IN_FLIGHT_PER_ADDRESS)
    )
      return Promise.reject(
        new ClientMetadataError('too many client metadata documents are being fetched; try again'),
      );
    const wait = (address ? byAddress.take(address) : 0) || byHost.take(host);
    if (wait > 0) return Promise.reject(new OAuthRateLimitedError(wait));
    slots.take(keys);
    const started = fetchDocument(url, options).finally(() => {
      inFlight.delete(id);
      slots.give(keys);
    });
    inFlight.set(id, started);
    return started;
  }

  return {
    /**
     * The client's metadata; failures are not cached, so a fixed document works on the next try.
     * `caller` is the authorization request it is loaded for (null: the service's own work),
     * whose address the limits count and whose log gets the reason of a failed fetch.
     */
    async load(id: string, caller: DocumentCaller | null = null): Promise<ClientMetadata> {
      const now = deps.clock().getTime();
      const hit = cache.get(id);
      if (hit && hit.until > now) return hit.metadata;
      let body: string;
      try {
        body = await fetchOnce(id, caller);
      } catch (error) {
        if (error instanceof ClientMetadataError || error instanceof OAuthRateLimitedError)
          throw error;
        caller?.log.info(
          { client_id: id, reason: error instanceof Error ? error.message : String(error) },
          'client metadata document fetch failed',
        );
        throw new ClientMetadataError(FETCH_FAILED);
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
