import type { FirstPartyClientSetting } from '../../config.js';
import type { Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { newId } from '../../lib/ids.js';
import type { ClientMetadataDocuments } from './client-metadata.js';
import { ClientMetadataError, isMetadataDocumentId } from './client-metadata.js';
import type { ClientRepository, ClientRow } from './client-repository.js';
import { BUILT_IN_CLIENTS, type ClientKind, type OAuthClient } from './clients.js';
import { OAuthError } from './errors.js';
import { hasControlCharacter, registeredRedirectUri } from './redirect-uris.js';

const MAX_REDIRECT_URIS = 20;
const GRANT_TYPES = ['authorization_code', 'refresh_token'];

export type ClientLookup = { client: OAuthClient } | { error: string };

const textList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * The redirect URIs of a registration, normalised (registeredRedirectUri) and without repeats;
 * refused with RFC 7591's invalid_redirect_uri otherwise.
 */
function readRedirectUris(value: unknown): string[] {
  if (textList(value) && value.some(hasControlCharacter)) {
    throw new OAuthError(
      'invalid_redirect_uri',
      'redirect_uris must not contain control characters (such as tabs or line breaks)',
    );
  }
  const normalised = textList(value) ? value.map(registeredRedirectUri) : [];
  if (
    normalised.length === 0 ||
    normalised.length > MAX_REDIRECT_URIS ||
    !normalised.every((uri): uri is string => uri !== null)
  ) {
    throw new OAuthError(
      'invalid_redirect_uri',
      `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} https URLs or http URLs on a loopback host (127.0.0.1, [::1], localhost), without fragments`,
    );
  }
  return [...new Set(normalised)];
}

/** A client as RFC 7591 answers its registration. */
export interface RegisteredClient {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none';
}

/** A registered or metadata-document client, as administrators list it. */
export interface ClientListing {
  client_id: string;
  client_name: string;
  kind: ClientKind;
  redirect_uris: string[];
  created_at: string;
  revoked_at: string | null;
}

/**
 * Every client the authorization server knows: built-in and configured first-party clients,
 * dynamically registered ones (RFC 7591) and those identified by a client ID metadata document.
 */
export interface ClientDirectory {
  /** The built-in and configured first-party clients. */
  firstPartyClients(): OAuthClient[];
  /** The client an authorization request names, with its current redirect URIs. */
  resolve(id: string, request: AuditRequest): Promise<ClientLookup>;
  /** Whether the token, revocation and refresh requests of this client are still accepted. */
  isActive(id: string): Promise<boolean>;
  /** The client's name and kind, for listings (its ID when it is unknown). */
  describe(id: string): Promise<{ name: string; kind: ClientKind }>;
  /** RFC 7591 dynamic registration, for public clients only. */
  register(body: unknown, request: AuditRequest): Promise<RegisteredClient>;
  /** Every registered and metadata-document client, for administrators. */
  list(): Promise<ClientListing[]>;
  /** Marks the client revoked; the caller ends its tokens. False: unknown or revoked already. */
  revoke(id: string, tx?: Executor): Promise<boolean>;
}

interface DirectoryDeps {
  db: Executor;
  repository: ClientRepository;
  documents: ClientMetadataDocuments;
  firstParty: readonly FirstPartyClientSetting[];
  clock: Clock;
}

/**
 * A metadata-document client, its document (re)read under its cache and remembered for the
 * administrators' list (recorded as registered the first time).
 */
async function resolveDocumentClient(
  deps: DirectoryDeps,
  id: string,
  stored: ClientRow | null,
  request: AuditRequest,
): Promise<ClientLookup> {
  const { repository } = deps;
  try {
    const metadata = await deps.documents.load(id, request);
    const changed =
      !stored ||
      stored.name !== metadata.name ||
      stored.redirectUris.join('\n') !== metadata.redirectUris.join('\n');
    if (changed) {
      await deps.db.transaction(async (tx) => {
        const made = await repository.rememberDocument(id, metadata, deps.clock(), tx);
        if (made)
          await audit(tx, {
            action: 'oauth.client_registered',
            request,
            actor: { type: 'oauth_client', id },
            target: { type: 'oauth_client', id },
            details: { kind: 'metadata_document', redirect_uris: metadata.redirectUris },
          });
      });
    }
    return { client: { id, kind: 'metadata_document', ...metadata } };
  } catch (error) {
    if (error instanceof ClientMetadataError) return { error: error.message };
    throw error;
  }
}

/**
 * The client an authorization request names, with its current redirect URIs. A metadata
 * document is (re)read here, under its cache, and remembered for the administrators' list.
 */
async function resolve(
  deps: DirectoryDeps,
  firstParty: Map<string, OAuthClient>,
  id: string,
  request: AuditRequest,
): Promise<ClientLookup> {
  const builtIn = firstParty.get(id);
  if (builtIn) return { client: builtIn };
  const stored = await deps.repository.find(id);
  if (stored?.revokedAt) return { error: 'This client has been revoked by an administrator' };
  if (isMetadataDocumentId(id)) return resolveDocumentClient(deps, id, stored, request);
  if (stored?.kind === 'dynamic') {
    const { name, redirectUris } = stored;
    return { client: { id, name, redirectUris, kind: 'dynamic' } };
  }
  return { error: 'Unknown client_id' };
}

/** The fields of a registration request, checked (RFC 7591 §2 and §3.2.2). */
function readRegistration(body: unknown): { name: string; redirectUris: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new OAuthError('invalid_client_metadata', 'The body must be a JSON object');
  const fields = body as Record<string, unknown>;
  const redirectUris = readRedirectUris(fields.redirect_uris);
  const method = fields.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') {
    throw new OAuthError(
      'invalid_client_metadata',
      'Only public clients are registered: token_endpoint_auth_method must be none',
    );
  }
  const grants = fields.grant_types;
  if (grants !== undefined && !(textList(grants) && grants.every((g) => GRANT_TYPES.includes(g))))
    throw new OAuthError(
      'invalid_client_metadata',
      'grant_types may only name authorization_code and refresh_token',
    );
  const responses = fields.response_types;
  if (responses !== undefined && !(textList(responses) && responses.every((r) => r === 'code')))
    throw new OAuthError('invalid_client_metadata', 'response_types may only name code');
  const rawName = fields.client_name;
  if (rawName !== undefined && (typeof rawName !== 'string' || rawName.length > 200))
    throw new OAuthError(
      'invalid_client_metadata',
      'client_name must be text of at most 200 characters',
    );
  const name = typeof rawName === 'string' && rawName.trim() ? rawName.trim() : 'Unnamed client';
  return { name, redirectUris };
}

/** RFC 7591 dynamic registration, for public clients only. */
async function register(
  deps: DirectoryDeps,
  body: unknown,
  request: AuditRequest,
): Promise<RegisteredClient> {
  const { name, redirectUris } = readRegistration(body);
  const now = deps.clock();
  const id = newId('ocl');
  await deps.db.transaction(async (tx) => {
    await deps.repository.insert(
      { id, kind: 'dynamic', name, redirectUris, createdAt: now, updatedAt: now },
      tx,
    );
    // Anyone may register (RFC 7591), so the new client itself is the actor.
    await audit(tx, {
      action: 'oauth.client_registered',
      request,
      actor: { type: 'oauth_client', id },
      target: { type: 'oauth_client', id },
      details: { kind: 'dynamic', redirect_uris: redirectUris },
    });
  });
  return {
    client_id: id,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: name,
    redirect_uris: redirectUris,
    grant_types: GRANT_TYPES,
    response_types: ['code'],
    token_endpoint_auth_method: 'none' as const,
  };
}

/** Every registered and metadata-document client, for administrators. */
async function list(repository: ClientRepository): Promise<ClientListing[]> {
  const rows = await repository.list();
  return rows.map((r) => ({
    client_id: r.id,
    client_name: r.name,
    kind: r.kind as ClientKind,
    redirect_uris: r.redirectUris,
    created_at: r.createdAt.toISOString(),
    revoked_at: r.revokedAt?.toISOString() ?? null,
  }));
}

export function createClientDirectory(deps: DirectoryDeps): ClientDirectory {
  const { repository, documents, clock } = deps;
  const firstParty = new Map<string, OAuthClient>(Object.entries(BUILT_IN_CLIENTS));
  for (const c of deps.firstParty) firstParty.set(c.id, { ...c, kind: 'first_party' });

  return {
    firstPartyClients: () => [...firstParty.values()],

    resolve: (id, request) => resolve(deps, firstParty, id, request),

    /**
     * Whether the token, revocation and refresh requests of this client are still accepted: it
     * is first-party, or registered (metadata-document clients are recorded when they first ask
     * for authorization) and not revoked. No document is fetched here.
     */
    async isActive(id) {
      if (firstParty.has(id)) return true;
      const stored = await repository.find(id);
      return Boolean(stored && !stored.revokedAt);
    },

    async describe(id) {
      const builtIn = firstParty.get(id);
      if (builtIn) return { name: builtIn.name, kind: builtIn.kind };
      const stored = await repository.find(id);
      return stored
        ? { name: stored.name, kind: stored.kind as ClientKind }
        : { name: id, kind: isMetadataDocumentId(id) ? 'metadata_document' : 'dynamic' };
    },

    register: (body, request) => register(deps, body, request),

    list: () => list(repository),

    async revoke(id, tx) {
      documents.forget(id);
      return repository.revoke(id, clock(), tx);
    },
  };
}
