// The MCP SDK's OAuth client, loaded with the first sign-in to or refresh at a remote server
// rather than at start: it and its schema library take about a tenth of a second to load, which
// every restart would pay for a feature most starts do not use.
import type * as ClientAuthModule from '@modelcontextprotocol/sdk/client/auth.js';
import type * as AuthErrorsModule from '@modelcontextprotocol/sdk/server/auth/errors.js';

type ClientAuth = typeof ClientAuthModule;
type AuthErrors = typeof AuthErrorsModule;

let clientAuth: Promise<ClientAuth> | undefined;
let authErrors: Promise<AuthErrors> | undefined;

/** The SDK's OAuth client functions (discovery, registration, authorization, refresh). */
export const oauthClient = (): Promise<ClientAuth> =>
  (clientAuth ??= import('@modelcontextprotocol/sdk/client/auth.js'));

/** The SDK's OAuth error classes, which its client throws. */
export const oauthErrors = (): Promise<AuthErrors> =>
  (authErrors ??= import('@modelcontextprotocol/sdk/server/auth/errors.js'));
