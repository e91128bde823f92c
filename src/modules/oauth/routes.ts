import type { HelmetOptions } from 'helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import formbody from '@fastify/formbody';
import { auth } from '../../http/auth/declare.js';
import { sessionCookie } from '../../http/auth/credentials.js';
import { userActor, userOrSatelliteActor } from '../../http/auth/actor.js';
import type { UserActor } from '../../http/auth/types.js';
import { done, ok, okFields } from '../../http/envelope.js';
import { AppError, ForbiddenError, UnauthorizedError } from '../../http/errors.js';
import { ErrorEnvelopeRef } from '../../http/schemas.js';
import type { Csrf } from '../../lib/csrf.js';
import type { AuthService } from '../auth/service.js';
import { setSessionCookie } from '../auth/sessions.js';
import type { UserRepository } from '../users/repository.js';
import { oauthClientRoutes } from './client-routes.js';
import { OAuthError } from './errors.js';
import { BUILT_IN_CLIENTS } from './clients.js';
import {
  consentPage,
  contentSecurityPolicy,
  grantsPage,
  loginPage,
  pageDirectives,
} from './pages.js';
import {
  AuthorizeQuery,
  ConsentForm,
  GrantParams,
  GrantRevokeForm,
  GrantsPageQuery,
  GrantsResponse,
  HtmlPage,
  IntrospectBody,
  IntrospectResponse,
  LoginForm,
  LoginPageQuery,
  MetadataResponse,
  Redirect,
  RevokeBody,
  RevokeResponse,
  TokenBody,
  TokenResponse,
} from './schemas.js';
import type { AuthorizationRequest, OAuthService } from './service.js';
import type { RouteApp } from '../../http/route-app.js';

export interface OAuthRouteDeps {
  service: OAuthService;
  auth: AuthService;
  users: UserRepository;
  csrf: Csrf;
  baseUrl: string;
}

const tags = ['OAuth 2.0'];
const GRANTS_PAGE = '/api/oauth2/grants/page';

const SELF = 'http://self.invalid';

/**
 * Where a sign-in may send the browser back to: only this service's own OAuth pages. The path
 * is checked after URL parsing (which resolves `..` and reads `\\` as `/`), and the result is
 * the parsed URL's own serialisation, so any character outside ASCII arrives percent-encoded:
 * a Location header cannot carry it, and Node refuses to send one that tries.
 */
function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return GRANTS_PAGE;
  let url: URL;
  try {
    url = new URL(value, SELF);
  } catch {
    return GRANTS_PAGE;
  }
  if (url.origin !== SELF || !/^\/api\/oauth2\/[A-Za-z0-9/_-]*$/.test(url.pathname)) {
    return GRANTS_PAGE;
  }
  return url.pathname + url.search;
}

/** Routes that answer HTML: the pages' own strict CSP instead of the JSON API's. */
const page: { helmet: HelmetOptions } = {
  helmet: {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: pageDirectives(Object.values(BUILT_IN_CLIENTS).flatMap((c) => c.redirectUris)),
    },
  },
};

const consentSubject = (r: AuthorizationRequest) =>
  [
    r.client.id,
    r.redirectUri,
    r.scopes.join(' '),
    r.codeChallenge,
    r.state ?? '',
    r.resource ?? '',
  ].join('\n');

/** What the browser-flow routes share: the service, the pages' dependencies and this origin. */
interface BrowserFlow {
  app: RouteApp;
  service: OAuthService;
  deps: OAuthRouteDeps;
  origin: string;
}

async function signedIn(
  app: RouteApp,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<UserActor | null> {
  const cookie = sessionCookie(request);
  return cookie ? ((await app.credentials.session?.(cookie, request, reply)) ?? null) : null;
}

/** Browsers send Origin on form posts; one from elsewhere is a cross-site request forgery. */
function checkOrigin(origin: string, request: FastifyRequest) {
  const given = request.headers.origin;
  if (given !== undefined && given !== origin)
    throw new ForbiddenError('Cross-origin form submissions are refused');
}

const loginRedirect = (request: FastifyRequest, reply: FastifyReply) =>
  reply.redirect(`/api/oauth2/login?return_to=${encodeURIComponent(request.url)}`, 302);

const html = (reply: FastifyReply, status: number, page: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page);

/** RFC 8414 metadata. */
function registerMetadataRoute(app: RouteApp, service: OAuthService) {
  app.get(
    '/.well-known/oauth-authorization-server',
    {
      config: { auth: auth.public() },
      schema: {
        operationId: 'getOAuthMetadata',
        summary: 'Authorization server metadata (RFC 8414)',
        tags,
        response: { 200: MetadataResponse },
      },
    },
    async () => okFields(service.metadata()),
  );
}

/** The authorization endpoint, which sends the browser on to sign-in, consent or the client. */
function registerAuthorizeRoute({ app, service }: BrowserFlow) {
  app.get(
    '/api/oauth2/auth',
    {
      config: { auth: auth.public() },
      schema: {
        operationId: 'oauthAuthorize',
        summary: 'Authorization endpoint (authorization code with PKCE S256)',
        description:
          'Unknown client or redirect URI: 400, no redirect. Other problems redirect back with error and state. ' +
          'A signed-out browser is sent to the sign-in page and back; an approval already given for these ' +
          'scopes skips the consent page.',
        tags,
        querystring: AuthorizeQuery,
        response: { 302: Redirect('To the client, the sign-in page or the consent page') },
      },
    },
    async (request, reply) => {
      const check = await service.checkAuthorization(request.query, request);
      if (check.kind === 'fatal') throw new OAuthError('invalid_request', check.message);
      if (check.kind === 'redirect') return reply.redirect(check.location, 302);
      const actor = await signedIn(app, request, reply);
      if (!actor) return loginRedirect(request, reply);
      const teamId = await service.rememberedTeam(actor.userId, check.request);
      if (teamId) {
        const location = await service.approve(actor.userId, check.request, teamId, request);
        // The redirect carries the authorization code.
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      }
      const query = request.url.slice(request.url.indexOf('?'));
      return reply.redirect(`/api/oauth2/consent${query}`, 302);
    },
  );
}

/** The sign-in page of the browser flow and its form. */
function registerLoginRoutes({ app, deps, origin }: BrowserFlow) {
  app.get(
    '/api/oauth2/login',
    {
      config: { ...page, auth: auth.public() },
      schema: {
        operationId: 'oauthLoginPage',
        summary: 'The sign-in page of the browser flow',
        tags,
        querystring: LoginPageQuery,
        response: { 200: HtmlPage },
      },
    },
    async (request, reply) =>
      html(reply, 200, loginPage({ returnTo: safeReturnTo(request.query.return_to) })),
  );

  app.post(
    '/api/oauth2/login',
    {
      config: { ...page, auth: auth.public() },
      schema: {
        operationId: 'oauthLoginSubmit',
        summary: 'Sign in from the browser flow, then go back to where it started',
        tags,
        body: LoginForm,
        response: {
          303: Redirect('Back to the authorization request'),
          401: HtmlPage,
          403: HtmlPage,
          429: HtmlPage,
        },
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.body.return_to);
      try {
        // Inside the try: a refused cross-origin post gets the sign-in page (HTML, as documented).
        checkOrigin(origin, request);
        const { token } = await deps.auth.login(request.body, request);
        setSessionCookie(request, reply, token);
        return reply.redirect(returnTo, 303);
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        const retryAfter = error.extra?.retry_after;
        if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
        return html(
          reply,
          error.statusCode,
          loginPage({ returnTo, error: error.message, login: request.body.login }),
        );
      }
    },
  );
}

/** The consent page: which client asks for which access, with the form that answers it. */
function registerConsentPage({ app, service, deps }: BrowserFlow) {
  const { csrf } = deps;
  app.get(
    '/api/oauth2/consent',
    {
      config: { ...page, auth: auth.public() },
      schema: {
        operationId: 'oauthConsentPage',
        summary: 'The consent page: which client asks for which access',
        tags,
        querystring: AuthorizeQuery,
        response: {
          200: HtmlPage,
          302: Redirect('To the sign-in page, or back to the client on a bad request'),
        },
      },
    },
    async (request, reply) => {
      const check = await service.checkAuthorization(request.query, request);
      if (check.kind === 'fatal') throw new OAuthError('invalid_request', check.message);
      if (check.kind === 'redirect') return reply.redirect(check.location, 302);
      const actor = await signedIn(app, request, reply);
      if (!actor) return loginRedirect(request, reply);
      const user = await deps.users.findById(actor.userId);
      const r = check.request;
      // The form's answer redirects to this client: form-action must allow its origin.
      reply.header('content-security-policy', contentSecurityPolicy([r.redirectUri]));
      return html(
        reply,
        200,
        consentPage({
          clientName: r.client.name,
          clientId: r.client.id,
          clientKind: service.clientKindWords(r.client.kind),
          redirectUri: r.redirectUri,
          resource: r.resource,
          username: user?.username ?? '',
          scopes: service.describeScopes(r.scopes),
          dropped: r.dropped,
          teams: await service.teamChoices(actor.userId),
          fields: {
            response_type: 'code',
            client_id: r.client.id,
            redirect_uri: r.redirectUri,
            scope: r.scopes.join(' '),
            state: r.state,
            code_challenge: r.codeChallenge,
            code_challenge_method: 'S256',
            resource: r.resource,
            csrf_token: csrf.token(actor.sessionId!, 'consent', consentSubject(r)),
          },
        }),
      );
    },
  );
}

/** The consent form's answer: approve (with the chosen team) or deny, then back to the client. */
function registerConsentDecision({ app, service, deps, origin }: BrowserFlow) {
  const { csrf } = deps;
  app.post(
    '/api/oauth2/consent',
    {
      config: { auth: auth.public() },
      schema: {
        operationId: 'oauthConsentDecision',
        summary: 'Record the consent decision and send the browser back to the client',
        tags,
        body: ConsentForm,
        response: {
          303: Redirect('To the client with code and state, or error=access_denied'),
          400: ErrorEnvelopeRef('The chosen team is not one of the user’s'),
          401: ErrorEnvelopeRef('The browser is not signed in'),
          403: ErrorEnvelopeRef('Cross-origin post, or a form not issued to this session'),
        },
      },
    },
    async (request, reply) => {
      checkOrigin(origin, request);
      const actor = await signedIn(app, request, reply);
      if (!actor) throw new UnauthorizedError();
      const check = await service.checkAuthorization(request.body, request);
      if (check.kind === 'fatal') throw new OAuthError('invalid_request', check.message);
      if (check.kind === 'redirect') return reply.redirect(check.location, 303);
      if (
        !csrf.verify(
          request.body.csrf_token,
          actor.sessionId!,
          'consent',
          consentSubject(check.request),
        )
      ) {
        throw new ForbiddenError('The consent form has expired or was not issued to this session');
      }
      const location =
        request.body.decision === 'approve'
          ? await service.approve(
              actor.userId,
              check.request,
              await service.chosenTeam(actor.userId, request.body.team_id),
              request,
            )
          : await service.deny(actor.userId, check.request, request);
      return reply.header('cache-control', 'no-store').redirect(location, 303);
    },
  );
}

/** The token and revocation endpoints of RFC 6749 and RFC 7009. */
function registerTokenRoutes(app: RouteApp, service: OAuthService) {
  app.post(
    '/api/oauth2/token',
    {
      config: { auth: auth.public(), rateLimit: 'oauth' },
      attachValidation: true,
      schema: {
        operationId: 'oauthToken',
        summary: 'Token endpoint: authorization_code and refresh_token grants',
        description:
          'Form-encoded (or JSON). Answers per RFC 6749 §5.1 with Cache-Control: no-store; errors per §5.2 ' +
          '(error, error_description) inside the error envelope.',
        tags,
        body: TokenBody,
        response: {
          200: TokenResponse,
          401: ErrorEnvelopeRef('invalid_client: unknown client_id'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (request.validationError)
        throw new OAuthError('invalid_request', 'Each parameter must be given once, as text');
      const body = request.body;
      switch (body.grant_type) {
        case 'authorization_code':
          return okFields(await service.exchangeCode(body, request));
        case 'refresh_token':
          return okFields(await service.refresh(body, request));
        case undefined:
          throw new OAuthError('invalid_request', 'grant_type is required');
        default:
          throw new OAuthError(
            'unsupported_grant_type',
            'grant_type must be authorization_code or refresh_token',
          );
      }
    },
  );

  app.post(
    '/api/oauth2/revoke',
    {
      config: { auth: auth.public(), rateLimit: 'oauth' },
      attachValidation: true,
      schema: {
        operationId: 'oauthRevoke',
        summary: 'Revoke an access or refresh token (RFC 7009)',
        tags,
        body: RevokeBody,
        response: {
          200: RevokeResponse,
          401: ErrorEnvelopeRef('invalid_client: unknown client_id'),
        },
      },
    },
    async (request) => {
      if (request.validationError)
        throw new OAuthError('invalid_request', 'Each parameter must be given once, as text');
      await service.revoke(request.body, request);
      return done('Revoked, if the token was valid');
    },
  );
}

/** Token introspection (RFC 7662), for signed-in callers and for satellites. */
function registerIntrospectRoute(app: RouteApp, service: OAuthService) {
  app.post(
    '/api/oauth2/introspect',
    {
      config: {
        auth: auth.user({ scope: 'account:read', satellite: true }),
        rateLimit: 'oauth-introspection',
      },
      schema: {
        operationId: 'oauthIntrospect',
        summary: 'Token introspection (RFC 7662) for signed-in callers and satellites',
        description:
          'Signed-in callers: only their own tokens (any token, for global admins) are reported ' +
          'active. Satellites (API key as bearer, JSON body {token}): any user’s access token, ' +
          'with the team the satellite serves that user in (team_id, team_name, team_role, ' +
          'team_permissions), only when the satellite serves one of that user’s teams; anything ' +
          'else is {active: false}.',
        tags,
        body: IntrospectBody,
        response: { 200: IntrospectResponse },
      },
    },
    async (request) => {
      const actor = userOrSatelliteActor(request);
      const answer =
        actor.type === 'satellite'
          ? await service.introspectForSatellite(request.body.token, actor)
          : await service.introspect(request.body.token, actor);
      return okFields(answer);
    },
  );
}

/** The caller's command-line sessions (grants), as JSON. */
function registerGrantRoutes(app: RouteApp, service: OAuthService) {
  app.get(
    '/api/oauth2/grants',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'listOAuthGrants',
        summary: 'Command-line sessions the caller granted',
        tags,
        response: { 200: GrantsResponse },
      },
    },
    async (request) => ok({ grants: await service.listGrants(userActor(request).userId) }),
  );

  app.delete(
    '/api/oauth2/grants/:grantId',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'revokeOAuthGrant',
        summary: 'Revoke a command-line session and all its tokens',
        tags,
        params: GrantParams,
        response: { 200: RevokeResponse },
      },
    },
    async (request) => {
      await service.revokeGrantOf(userActor(request).userId, request.params.grantId, request);
      return done('Access revoked');
    },
  );
}

/** The page listing the caller's command-line sessions, and its revoke form. */
function registerGrantsPage({ app, service, deps, origin }: BrowserFlow) {
  const { csrf } = deps;
  app.get(
    GRANTS_PAGE,
    {
      config: { ...page, auth: auth.public() },
      schema: {
        operationId: 'oauthGrantsPage',
        summary: 'Page listing command-line sessions, with revoke buttons',
        tags,
        querystring: GrantsPageQuery,
        response: { 200: HtmlPage, 302: Redirect('To the sign-in page') },
      },
    },
    async (request, reply) => {
      const actor = await signedIn(app, request, reply);
      if (!actor) return loginRedirect(request, reply);
      const user = await deps.users.findById(actor.userId);
      const revoked = request.query.revoked === '1';
      return html(
        reply,
        200,
        grantsPage({
          username: user?.username ?? '',
          grants: await service.listGrants(actor.userId),
          csrf: (grantId) => csrf.token(actor.sessionId!, 'revoke-grant', grantId),
          ...(revoked ? { notice: 'Access revoked.' } : {}),
        }),
      );
    },
  );

  app.post(
    '/api/oauth2/grants/revoke',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'oauthGrantsPageRevoke',
        summary: 'Revoke from the page (form post)',
        tags,
        body: GrantRevokeForm,
        response: { 303: Redirect('Back to the page') },
      },
    },
    async (request, reply) => {
      checkOrigin(origin, request);
      const actor = userActor(request);
      if (
        !actor.sessionId ||
        !csrf.verify(
          request.body.csrf_token,
          actor.sessionId,
          'revoke-grant',
          request.body.grant_id,
        )
      ) {
        throw new ForbiddenError('The form has expired or was not issued to this session');
      }
      await service.revokeGrantOf(actor.userId, request.body.grant_id, request);
      return reply.redirect(`${GRANTS_PAGE}?revoked=1`, 303);
    },
  );
}

export const oauthRoutes: FastifyPluginAsyncTypebox<OAuthRouteDeps> = async (app, deps) => {
  const { service } = deps;
  // Forms and RFC 6749 token requests are form-encoded; only this module accepts that.
  await app.register(formbody);
  await app.register(oauthClientRoutes, { service });
  const flow: BrowserFlow = { app, service, deps, origin: new URL(deps.baseUrl).origin };
  // In this order: the OpenAPI description lists the routes as they are registered.
  registerMetadataRoute(app, service);
  registerAuthorizeRoute(flow);
  registerLoginRoutes(flow);
  registerConsentPage(flow);
  registerConsentDecision(flow);
  registerTokenRoutes(app, service);
  registerIntrospectRoute(app, service);
  registerGrantRoutes(app, service);
  registerGrantsPage(flow);
};
