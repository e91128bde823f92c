// A remote MCP server protected by OAuth, and its authorization server, both real HTTP servers
// on 127.0.0.1: the MCP SDK's McpServer over Streamable HTTP behind `requireBearerAuth`, and an
// authorization server made of the SDK's `mcpAuthRouter` with a small in-memory provider that
// approves every request at once (no sign-in page).
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { expect } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  InvalidGrantError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthMetadataRouter,
  mcpAuthRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';

interface IssuedAccess {
  clientId: string;
  expiresAt: number;
  resource: string | undefined;
}

export interface UpstreamOptions {
  /** Advertise client ID metadata documents and accept an https URL as client_id. */
  clientMetadataDocuments?: boolean;
  /** Offer dynamic client registration (default true). */
  dynamicRegistration?: boolean;
  /** Lifetime of access tokens, in seconds (default 3600). */
  accessTokenSeconds?: number;
  /** How the AS fetches a client's metadata document (the URL may name a proxy's https origin). */
  fetchClientMetadata?: (clientId: string) => Promise<unknown>;
  /** Pre-registered confidential clients: id → secret and redirect URIs. */
  clients?: Array<{ id: string; secret: string; redirectUris: string[] }>;
}

const listen = async (app: express.Express): Promise<{ server: Server; origin: string }> => {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

const token = () => randomBytes(24).toString('base64url');

/** Starts the authorization server and the MCP server; `close()` stops both. */
export async function startUpstream(options: UpstreamOptions = {}) {
  const clients = new Map<string, OAuthClientInformationFull>();
  for (const c of options.clients ?? [])
    clients.set(c.id, {
      client_id: c.id,
      client_secret: c.secret,
      redirect_uris: c.redirectUris,
      token_endpoint_auth_method: 'client_secret_post',
    });
  const codes = new Map<string, { clientId: string; challenge: string; resource?: string }>();
  const access = new Map<string, IssuedAccess>();
  const refresh = new Map<string, { clientId: string; resource: string | undefined }>();
  const state = {
    accessTokenSeconds: options.accessTokenSeconds ?? 3600,
    failRefresh: false,
    /** The next sign-in is declined: the browser goes back with `error=access_denied`. */
    denyNext: false,
    /** The revocation endpoint fails (500) instead of revoking. */
    failRevoke: false,
    refreshes: 0,
    revoked: [] as string[],
    authorizations: [] as Array<{ clientId: string; resource: string | undefined }>,
    toolCalls: 0,
  };

  function issue(clientId: string, resource: string | undefined) {
    const accessToken = token();
    const refreshToken = token();
    access.set(accessToken, {
      clientId,
      resource,
      expiresAt: Math.floor(Date.now() / 1000) + state.accessTokenSeconds,
    });
    refresh.set(refreshToken, { clientId, resource });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: state.accessTokenSeconds,
      refresh_token: refreshToken,
      scope: 'mcp',
    };
  }

  const provider: OAuthServerProvider = {
    clientsStore: {
      async getClient(clientId) {
        const known = clients.get(clientId);
        if (known) return known;
        if (!options.clientMetadataDocuments || !clientId.startsWith('https://')) return undefined;
        const document = (await options.fetchClientMetadata!(clientId)) as Record<string, unknown>;
        if (document.client_id !== clientId) return undefined;
        return { ...document, client_id: clientId } as OAuthClientInformationFull;
      },
      ...(options.dynamicRegistration === false
        ? {}
        : {
            registerClient(client: OAuthClientInformationFull) {
              clients.set(client.client_id, client);
              return client;
            },
          }),
    },
    async authorize(client, params, res) {
      if (state.denyNext) {
        state.denyNext = false;
        const denied = new URL(params.redirectUri);
        denied.searchParams.set('error', 'access_denied');
        if (params.state !== undefined) denied.searchParams.set('state', params.state);
        return res.redirect(302, denied.href);
      }
      const code = token();
      codes.set(code, {
        clientId: client.client_id,
        challenge: params.codeChallenge,
        ...(params.resource ? { resource: params.resource.href } : {}),
      });
      state.authorizations.push({ clientId: client.client_id, resource: params.resource?.href });
      const target = new URL(params.redirectUri);
      target.searchParams.set('code', code);
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      res.redirect(302, target.href);
    },
    async challengeForAuthorizationCode(_client, code) {
      const found = codes.get(code);
      if (!found) throw new InvalidGrantError('unknown code');
      return found.challenge;
    },
    async exchangeAuthorizationCode(client, code) {
      const found = codes.get(code);
      if (!found || found.clientId !== client.client_id) throw new InvalidGrantError('bad code');
      codes.delete(code);
      return issue(client.client_id, found.resource);
    },
    async exchangeRefreshToken(client, refreshToken) {
      const found = refresh.get(refreshToken);
      if (state.failRefresh || !found || found.clientId !== client.client_id)
        throw new InvalidGrantError('refresh token not valid');
      state.refreshes++;
      // Rotation: the old refresh token is spent.
      refresh.delete(refreshToken);
      return issue(client.client_id, found.resource);
    },
    async verifyAccessToken(accessToken) {
      const found = access.get(accessToken);
      if (!found) throw new InvalidTokenError('unknown token');
      return {
        token: accessToken,
        clientId: found.clientId,
        scopes: ['mcp'],
        expiresAt: found.expiresAt,
        ...(found.resource ? { resource: new URL(found.resource) } : {}),
      };
    },
    async revokeToken(_client, request) {
      if (state.failRevoke) throw new Error('revocation store unavailable');
      state.revoked.push(request.token);
      access.delete(request.token);
      refresh.delete(request.token);
    },
  };

  // ---- the authorization server
  const asApp = express();
  const as = await listen(asApp);
  const issuerUrl = new URL(as.origin);
  const noLimit = { rateLimit: false as const };
  if (options.clientMetadataDocuments) {
    // The SDK's metadata does not say so itself; this route answers before the router's.
    asApp.get('/.well-known/oauth-authorization-server', (_req, res) => {
      res.json({
        issuer: issuerUrl.href,
        authorization_endpoint: `${as.origin}/authorize`,
        token_endpoint: `${as.origin}/token`,
        revocation_endpoint: `${as.origin}/revoke`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
        client_id_metadata_document_supported: true,
      });
    });
  }
  asApp.use(
    mcpAuthRouter({
      provider,
      issuerUrl,
      authorizationOptions: noLimit,
      tokenOptions: noLimit,
      revocationOptions: noLimit,
      clientRegistrationOptions: noLimit,
    }),
  );

  // ---- the MCP server
  const mcpApp = express();
  mcpApp.use(express.json());
  const mcp = await listen(mcpApp);
  const mcpUrl = new URL(`${mcp.origin}/mcp`);
  mcpApp.use(
    mcpAuthMetadataRouter({
      oauthMetadata: {
        issuer: issuerUrl.href,
        authorization_endpoint: `${as.origin}/authorize`,
        token_endpoint: `${as.origin}/token`,
        response_types_supported: ['code'],
      },
      resourceServerUrl: mcpUrl,
    }),
  );
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
    expectedResource: mcpUrl,
  });
  mcpApp.all('/mcp', bearer, async (req, res) => {
    const server = new McpServer({ name: 'upstream', version: '1.0.0' });
    server.registerTool('whoami', { description: 'Says who called' }, async () => {
      state.toolCalls++;
      return { content: [{ type: 'text', text: 'signed in' }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });

  return {
    mcpUrl: mcpUrl.href,
    issuer: as.origin,
    state,
    clients,
    /** Whether `accessToken` is still accepted by the MCP server. */
    accepts: (accessToken: string) => access.has(accessToken),
    /** Forgets every token, as a server does when the user revokes access there. */
    revokeAll() {
      access.clear();
      refresh.clear();
    },
    /** Refuses every access token issued so far, keeping refresh tokens (a server-side revocation). */
    dropAccessTokens() {
      access.clear();
    },
    async close() {
      for (const { server } of [as, mcp]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

export type Upstream = Awaited<ReturnType<typeof startUpstream>>;

/**
 * What a member's browser does up to the callback: opens the connect link of `oauthPath` (an
 * installation's `…/oauth`) with `cookie`, and follows the authorization server's answer.
 * Returns where it was sent to authorize, and the callback it is sent back to (not yet opened).
 */
export async function browserSignIn(base: string, oauthPath: string, cookie: string) {
  const start = await fetch(`${base}${oauthPath}/connect?return_to=/servers`, {
    redirect: 'manual',
    headers: { cookie },
  });
  expect(start.status, await start.clone().text()).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  const approved = await fetch(authorize, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  return { authorize, callback };
}
